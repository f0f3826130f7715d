"""Qt widgets every tab uses: message boxes (:mod:`.dialogs`), folding sections, fields that keep a long paste
whole, pages made when first opened, a tab widget that repaints less, a column that scrolls, a hint on an empty
table, and keeping a window on its screen."""
