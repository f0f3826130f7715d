<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>BoardPanel</name>
    <message numerus="yes">
        <location filename="../../app/vocabulary/board_panel.py" line="236"/>
        <source>{done} of {count} tokenizers measured; encoding the corpus with the others…</source>
        <translation>
            <numerusform>{done} of {count} tokenizer measured…</numerusform>
            <numerusform>{done} of {count} tokenizers measured; encoding the corpus with the others…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/board_panel.py" line="252"/>
        <source>The board was cancelled; {done} of {count} tokenizers were measured (shown).</source>
        <translation>
            <numerusform>The board was cancelled; {done} of {count} tokenizer was measured (shown).</numerusform>
            <numerusform>The board was cancelled; {done} of {count} tokenizers were measured (shown).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/board_panel.py" line="267"/>
        <source>{files} files, {size}, {words:,} words (cut by {segmenters}); premiums over {reference}.</source>
        <translation>
            <numerusform>{files} file, {size}, {words:,} words (cut by {segmenters}); premiums over {reference}.</numerusform>
            <numerusform>{files} files, {size}, {words:,} words (cut by {segmenters}); premiums over {reference}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BrowsePanel</name>
    <message numerus="yes">
        <location filename="../../app/vocabulary/browse_panel.py" line="180"/>
        <source>{shown:,} of {total:,} tokens</source>
        <translation>
            <numerusform>{shown:,} of {total:,} token</numerusform>
            <numerusform>{shown:,} of {total:,} tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatEditor</name>
    <message numerus="yes">
        <location filename="../../app/compare/chat_editor.py" line="238"/>
        <source>Opened %n turns from {name}.</source>
        <translation>
            <numerusform>Opened %n turn from {name}.</numerusform>
            <numerusform>Opened %n turns from {name}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/chat_editor.py" line="261"/>
        <source>Saved %n turns to {name}.</source>
        <translation>
            <numerusform>Saved %n turn to {name}.</numerusform>
            <numerusform>Saved %n turns to {name}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/chat_editor.py" line="264"/>
        <source>%n characters no file can hold (halves of UTF-16 pairs) were written as U+FFFD (�).</source>
        <translation>
            <numerusform>%n character no file can hold (half of a UTF-16 pair) was written as U+FFFD (�).</numerusform>
            <numerusform>%n characters no file can hold (halves of UTF-16 pairs) were written as U+FFFD (�).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ClassicBpeView</name>
    <message numerus="yes">
        <location filename="../../app/teaching/classic_view.py" line="226"/>
        <source>&lt;b&gt;Start&lt;/b&gt;: {words} words as characters plus the end-of-word marker “{marker}”. Next: &lt;b&gt;{pair}&lt;/b&gt; ({count}×).</source>
        <translation>
            <numerusform>&lt;b&gt;Start&lt;/b&gt;: {words} word as characters plus the end-of-word marker “{marker}”. Next: &lt;b&gt;{pair}&lt;/b&gt; ({count}×).</numerusform>
            <numerusform>&lt;b&gt;Start&lt;/b&gt;: {words} words as characters plus the end-of-word marker “{marker}”. Next: &lt;b&gt;{pair}&lt;/b&gt; ({count}×).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/classic_view.py" line="233"/>
        <source>&lt;b&gt;Start&lt;/b&gt;: {words} words as characters plus the end-of-word marker “{marker}”.</source>
        <translation>
            <numerusform>&lt;b&gt;Start&lt;/b&gt;: {words} word as characters plus the end-of-word marker “{marker}”.</numerusform>
            <numerusform>&lt;b&gt;Start&lt;/b&gt;: {words} words as characters plus the end-of-word marker “{marker}”.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/classic_view.py" line="248"/>
        <source>&lt;b&gt;Round {round} of {rounds}&lt;/b&gt;: merge &lt;b&gt;{pair} → {symbol}&lt;/b&gt;, {count} occurrences (frequency-weighted); %n words changed (highlighted). Ties go to the pair met first reading the table.</source>
        <translation>
            <numerusform>&lt;b&gt;Round {round} of {rounds}&lt;/b&gt;: merge &lt;b&gt;{pair} → {symbol}&lt;/b&gt;, {count} occurrences (frequency-weighted); %n word changed (highlighted). Ties go to the pair met first reading the table.</numerusform>
            <numerusform>&lt;b&gt;Round {round} of {rounds}&lt;/b&gt;: merge &lt;b&gt;{pair} → {symbol}&lt;/b&gt;, {count} occurrences (frequency-weighted); %n words changed (highlighted). Ties go to the pair met first reading the table.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompareEditor</name>
    <message numerus="yes">
        <location filename="../../app/compare/text_editor.py" line="99"/>
        <source>Showing the first {count} characters of {name} ({size}).</source>
        <translation>
            <numerusform>Showing the first {count} character of {name} ({size}).</numerusform>
            <numerusform>Showing the first {count} characters of {name} ({size}).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CorpusPanel</name>
    <message numerus="yes">
        <location filename="../../app/train/corpus_panel.py" line="235"/>
        <source>{name} and %n more</source>
        <translation>
            <numerusform>{name} and %n more</numerusform>
            <numerusform>{name} and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/corpus_panel.py" line="307"/>
        <source>Saved {file}: {distinct} distinct pre-tokens, {total} in all.</source>
        <translation>
            <numerusform>Saved {file}: {distinct} distinct pre-token, {total} in all.</numerusform>
            <numerusform>Saved {file}: {distinct} distinct pre-tokens, {total} in all.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CountsWords</name>
    <message numerus="yes">
        <location filename="../../app/train/corpus_sources.py" line="218"/>
        <source>counts: {distinct} distinct pre-tokens, {total} in all; the pattern is not recorded, the settings&apos; pre-tokenizer is taken as the one they were cut with</source>
        <translation>
            <numerusform>counts: {distinct} distinct pre-token, {total} in all; the pattern is not recorded, the settings&apos; pre-tokenizer is taken as the one they were cut with</numerusform>
            <numerusform>counts: {distinct} distinct pre-tokens, {total} in all; the pattern is not recorded, the settings&apos; pre-tokenizer is taken as the one they were cut with</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/corpus_sources.py" line="224"/>
        <source>counts: {distinct} distinct pre-tokens, {total} in all, cut with {pattern}</source>
        <translation>
            <numerusform>counts: {distinct} distinct pre-token, {total} in all, cut with {pattern}</numerusform>
            <numerusform>counts: {distinct} distinct pre-tokens, {total} in all, cut with {pattern}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message numerus="yes">
        <location filename="../../app/common/widgets/dialogs.py" line="27"/>
        <source>The tokenizer trained here ({merges} merges) is not saved.</source>
        <translation>
            <numerusform>The tokenizer trained here ({merges} merge) is not saved.</numerusform>
            <numerusform>The tokenizer trained here ({merges} merges) is not saved.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EncodeAnimationView</name>
    <message numerus="yes">
        <location filename="../../app/teaching/encode_animation.py" line="188"/>
        <source>&lt;b&gt;{done} of {total} merges done&lt;/b&gt;. Next: merge {number}, &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (id {id})</source>
        <translation>
            <numerusform>&lt;b&gt;{done} of {total} merge done&lt;/b&gt;. Next: merge {number}, &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (id {id})</numerusform>
            <numerusform>&lt;b&gt;{done} of {total} merges done&lt;/b&gt;. Next: merge {number}, &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (id {id})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/encode_animation.py" line="195"/>
        <source>&lt;b&gt;Bytes&lt;/b&gt; ({total} merges). Next: merge {number}, &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (id {id})</source>
        <translation>
            <numerusform>&lt;b&gt;Bytes&lt;/b&gt; ({total} merge). Next: merge {number}, &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (id {id})</numerusform>
            <numerusform>&lt;b&gt;Bytes&lt;/b&gt; ({total} merges). Next: merge {number}, &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (id {id})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/encode_animation.py" line="213"/>
        <source>&lt;b&gt;Done&lt;/b&gt;: {merges} merges, {tokens} tokens. Press space to replay.</source>
        <translation>
            <numerusform>&lt;b&gt;Done&lt;/b&gt;: {merges} merge, {tokens} tokens. Press space to replay.</numerusform>
            <numerusform>&lt;b&gt;Done&lt;/b&gt;: {merges} merges, {tokens} tokens. Press space to replay.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EngineSentences</name>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="38"/>
        <source>Cancelled after {merges} merges.</source>
        <extracomment>The wording of each code of :data:`bpe_core.messages.ENGLISH` (the translations&apos; context is &quot;EngineSentences&quot;), by area in :mod:`app.common.wording.engine_wordings` as the engine&apos;s English is in :mod:`bpe_core.catalogue`.</extracomment>
        <translation>
            <numerusform>Cancelled after {merges} merge.</numerusform>
            <numerusform>Cancelled after {merges} merges.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="43"/>
        <source>No pair left to merge after {merges} merges: every pre-token is a single token (vocabulary {reached} of the {asked} asked for).</source>
        <translation>
            <numerusform>No pair left to merge after {merges} merge: every pre-token is a single token (vocabulary {reached} of the {asked} asked for).</numerusform>
            <numerusform>No pair left to merge after {merges} merges: every pre-token is a single token (vocabulary {reached} of the {asked} asked for).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="49"/>
        <source>Stopped after {merges} merges: the next token ({size} bytes) would make the vocabulary hold more than {limit} bytes (the corpus has {corpus} bytes); its pre-tokens are long runs of the same text.</source>
        <translation>
            <numerusform>Stopped after {merges} merge: the next token ({size} bytes) would make the vocabulary hold more than {limit} bytes (the corpus has {corpus} bytes); its pre-tokens are long runs of the same text.</numerusform>
            <numerusform>Stopped after {merges} merges: the next token ({size} bytes) would make the vocabulary hold more than {limit} bytes (the corpus has {corpus} bytes); its pre-tokens are long runs of the same text.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="55"/>
        <source>The pattern left {chars} characters unmatched; tokenizers built with it drop them, as tiktoken does.</source>
        <translation>
            <numerusform>The pattern left {chars} character unmatched; tokenizers built with it drop it, as tiktoken does.</numerusform>
            <numerusform>The pattern left {chars} characters unmatched; tokenizers built with it drop them, as tiktoken does.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="60"/>
        <source>Stopped after {merges} merges: the best pair is seen {count} times, fewer than the minimum count {minimum} (vocabulary {reached} of the {asked} asked for).</source>
        <translation>
            <numerusform>Stopped after {merges} merge: the best pair is seen {count} times, fewer than the minimum count {minimum} (vocabulary {reached} of the {asked} asked for).</numerusform>
            <numerusform>Stopped after {merges} merges: the best pair is seen {count} times, fewer than the minimum count {minimum} (vocabulary {reached} of the {asked} asked for).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="66"/>
        <source>No allowed pair left to merge after {merges} merges: every pair left would make a forbidden token (vocabulary {reached} of the {asked} asked for).</source>
        <translation>
            <numerusform>No allowed pair left to merge after {merges} merge: every pair left would make a forbidden token (vocabulary {reached} of the {asked} asked for).</numerusform>
            <numerusform>No allowed pair left to merge after {merges} merges: every pair left would make a forbidden token (vocabulary {reached} of the {asked} asked for).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="72"/>
        <source>{name} already has a vocabulary of {size} ({merges} merges): ask for a vocabulary of at least {size}.</source>
        <translation>
            <numerusform>{name} already has a vocabulary of {size} ({merges} merge): ask for a vocabulary of at least {size}.</numerusform>
            <numerusform>{name} already has a vocabulary of {size} ({merges} merges): ask for a vocabulary of at least {size}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="77"/>
        <source>PickyBPE made {merges} merges and removed {removed} tokens without reaching the vocabulary of {asked}: stopped at {reached}.</source>
        <translation>
            <numerusform>PickyBPE made {merges} merge and removed {removed} tokens without reaching the vocabulary of {asked}: stopped at {reached}.</numerusform>
            <numerusform>PickyBPE made {merges} merges and removed {removed} tokens without reaching the vocabulary of {asked}: stopped at {reached}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="83"/>
        <source>{name}: the text is too short to hold out a part for parity-aware BPE ({chars} characters).</source>
        <translation>
            <numerusform>{name}: the text is too short to hold out a part for parity-aware BPE ({chars} character).</numerusform>
            <numerusform>{name}: the text is too short to hold out a part for parity-aware BPE ({chars} characters).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="88"/>
        <location filename="../../app/common/wording/engine_messages.py" line="94"/>
        <source>{path}: it ends in the middle of a {encoding} character (its last {count} bytes, at byte offset {offset}): is the file cut short?</source>
        <translation>
            <numerusform>{path}: it ends in the middle of a {encoding} character (its last {count} byte, at byte offset {offset}): is the file cut short?</numerusform>
            <numerusform>{path}: it ends in the middle of a {encoding} character (its last {count} bytes, at byte offset {offset}): is the file cut short?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportPage</name>
    <message numerus="yes">
        <location filename="../../app/teaching/export_page.py" line="43"/>
        <source>Exporting {name}: %n frames</source>
        <translation>
            <numerusform>Exporting {name}: %n frame</numerusform>
            <numerusform>Exporting {name}: %n frames</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/export_page.py" line="47"/>
        <source>Writing {name}: %n frames</source>
        <translation>
            <numerusform>Writing {name}: %n frame</numerusform>
            <numerusform>Writing {name}: %n frames</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../../app/main_window.py" line="120"/>
        <source>training, {merges} merges</source>
        <translation>
            <numerusform>training, {merges} merge</numerusform>
            <numerusform>training, {merges} merges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/main_window.py" line="182"/>
        <source>current tokenizer ({merges} merges)</source>
        <translation>
            <numerusform>current tokenizer ({merges} merge)</numerusform>
            <numerusform>current tokenizer ({merges} merges)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MergeTreeView</name>
    <message numerus="yes">
        <location filename="../../app/teaching/merge_tree_view.py" line="236"/>
        <source>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merges, depth {depth}. Counts are the pair&apos;s count when training merged it.</source>
        <translation>
            <numerusform>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merge, depth {depth}. Counts are the pair&apos;s count when training merged it.</numerusform>
            <numerusform>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merges, depth {depth}. Counts are the pair&apos;s count when training merged it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/merge_tree_view.py" line="242"/>
        <source>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merges, depth {depth}.</source>
        <translation>
            <numerusform>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merge, depth {depth}.</numerusform>
            <numerusform>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merges, depth {depth}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MergesTableModel</name>
    <message numerus="yes">
        <location filename="../../app/train/merges_model.py" line="164"/>
        <source>id {id}: {count} bytes, hex {hex}</source>
        <translation>
            <numerusform>id {id}: {count} byte, hex {hex}</numerusform>
            <numerusform>id {id}: {count} bytes, hex {hex}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MethodsChart</name>
    <message numerus="yes">
        <location filename="../../app/compare/methods_chart.py" line="77"/>
        <source>Cutting the text with {count} tokenizers, four ways each…</source>
        <translation>
            <numerusform>Cutting the text with {count} tokenizer, four ways each…</numerusform>
            <numerusform>Cutting the text with {count} tokenizers, four ways each…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NumbersPanel</name>
    <message numerus="yes">
        <location filename="../../app/vocabulary/numbers_panel.py" line="241"/>
        <source>{number} ({cut}): {tokens} tokens, usually {usual}</source>
        <translation>
            <numerusform>{number} ({cut}): {tokens} token, usually {usual}</numerusform>
            <numerusform>{number} ({cut}): {tokens} tokens, usually {usual}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OverlapPanel</name>
    <message numerus="yes">
        <location filename="../../app/vocabulary/overlap_panel.py" line="168"/>
        <location filename="../../app/vocabulary/overlap_panel.py" line="169"/>
        <source>Only in “{name}”: {count:,} tokens</source>
        <translation>
            <numerusform>Only in “{name}”: {count:,} token</numerusform>
            <numerusform>Only in “{name}”: {count:,} tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PatternCheck</name>
    <message numerus="yes">
        <location filename="../../app/train/pattern_check.py" line="86"/>
        <source>Leaves {count} characters unmatched in the first 64 KB of {name} (e.g. {examples}): they are dropped.</source>
        <translation>
            <numerusform>Leaves {count} character unmatched in the first 64 KB of {name} (e.g. {examples}): it is dropped.</numerusform>
            <numerusform>Leaves {count} characters unmatched in the first 64 KB of {name} (e.g. {examples}): they are dropped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/pattern_check.py" line="92"/>
        <source>Leaves {count} characters unmatched in the first 64 KB of {name}: they are dropped.</source>
        <translation>
            <numerusform>Leaves {count} character unmatched in the first 64 KB of {name}: it is dropped.</numerusform>
            <numerusform>Leaves {count} characters unmatched in the first 64 KB of {name}: they are dropped.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PretokenizationView</name>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="202"/>
        <source>{crossing} of {merges} merges cross a boundary.</source>
        <translation>
            <numerusform>{crossing} of {merges} merge crosses a boundary.</numerusform>
            <numerusform>{crossing} of {merges} merges cross a boundary.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="206"/>
        <source>%n join words</source>
        <translation>
            <numerusform>%n joins words</numerusform>
            <numerusform>%n join words</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="207"/>
        <source>%n glue punctuation to a word</source>
        <translation>
            <numerusform>%n glues punctuation to a word</numerusform>
            <numerusform>%n glue punctuation to a word</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="208"/>
        <source>%n cross another boundary</source>
        <translation>
            <numerusform>%n crosses another boundary</numerusform>
            <numerusform>%n cross another boundary</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="211"/>
        <source>{crossing} of {merges} merges cross a boundary: {kinds}</source>
        <translation>
            <numerusform>{crossing} of {merges} merge crosses a boundary: {kinds}</numerusform>
            <numerusform>{crossing} of {merges} merges cross a boundary: {kinds}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProgressWords</name>
    <message numerus="yes">
        <location filename="../../app/train/progress.py" line="46"/>
        <source>{phase}: {done} / {total} merges</source>
        <translation>
            <numerusform>{phase}: {done} / {total} merge</numerusform>
            <numerusform>{phase}: {done} / {total} merges</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuizSheet</name>
    <message numerus="yes">
        <location filename="../../app/teaching/quiz_sheet.py" line="55"/>
        <source>Question {number} — after {merges} merges, the text is cut like this:</source>
        <extracomment>A4 in points, the margin around what is drawn. The PNG pages&apos; resolution (A4 at 150 dpi: 1240 x 1754 pixels).</extracomment>
        <translation>
            <numerusform>Question {number} — after {merges} merge, the text is cut like this:</numerusform>
            <numerusform>Question {number} — after {merges} merges, the text is cut like this:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuizView</name>
    <message numerus="yes">
        <location filename="../../app/teaching/quiz_view.py" line="149"/>
        <source>&lt;b&gt;Question {number} of {round}&lt;/b&gt; — {merges} merges done. Here is the text now: which pair is merged next?</source>
        <translation>
            <numerusform>&lt;b&gt;Question {number} of {round}&lt;/b&gt; — {merges} merge done. Here is the text now: which pair is merged next?</numerusform>
            <numerusform>&lt;b&gt;Question {number} of {round}&lt;/b&gt; — {merges} merges done. Here is the text now: which pair is merged next?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunLifecycle</name>
    <message numerus="yes">
        <location filename="../../app/train/run_lifecycle.py" line="156"/>
        <source>Counted {words} unique pre-tokens; merging…</source>
        <translation>
            <numerusform>Counted {words} unique pre-token; merging…</numerusform>
            <numerusform>Counted {words} unique pre-tokens; merging…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/run_lifecycle.py" line="213"/>
        <source>Cancelled in {time}: {merges} merges.</source>
        <translation>
            <numerusform>Cancelled in {time}: {merges} merge.</numerusform>
            <numerusform>Cancelled in {time}: {merges} merges.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/run_lifecycle.py" line="215"/>
        <source>Done in {time}: {merges} merges. {reason}</source>
        <translation>
            <numerusform>Done in {time}: {merges} merge. {reason}</numerusform>
            <numerusform>Done in {time}: {merges} merges. {reason}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunSteering</name>
    <message numerus="yes">
        <location filename="../../app/train/steering.py" line="71"/>
        <source>Resume the interrupted run ({merges} merges)</source>
        <translation>
            <numerusform>Resume the interrupted run ({merges} merge)</numerusform>
            <numerusform>Resume the interrupted run ({merges} merges)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StepThroughView</name>
    <message numerus="yes">
        <location filename="../../app/teaching/step_through.py" line="278"/>
        <source>&lt;b&gt;Start&lt;/b&gt;: {tokens} tokens. The most frequent pair is &lt;b&gt;{left} + {right}&lt;/b&gt; ({count}×): press → to merge it.</source>
        <translation>
            <numerusform>&lt;b&gt;Start&lt;/b&gt;: {tokens} token. The most frequent pair is &lt;b&gt;{left} + {right}&lt;/b&gt; ({count}×): press → to merge it.</numerusform>
            <numerusform>&lt;b&gt;Start&lt;/b&gt;: {tokens} tokens. The most frequent pair is &lt;b&gt;{left} + {right}&lt;/b&gt; ({count}×): press → to merge it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/step_through.py" line="293"/>
        <source>Sequence ({tokens} tokens)</source>
        <translation>
            <numerusform>Sequence ({tokens} token)</numerusform>
            <numerusform>Sequence ({tokens} tokens)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/step_through.py" line="302"/>
        <source>&lt;b&gt;Step {step} of {steps}&lt;/b&gt;: merge &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (new id {id}), counted {count}× (overlaps included), merged at %n places: {before} → {after} tokens.</source>
        <translation>
            <numerusform>&lt;b&gt;Step {step} of {steps}&lt;/b&gt;: merge &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (new id {id}), counted {count}× (overlaps included), merged at %n place: {before} → {after} tokens.</numerusform>
            <numerusform>&lt;b&gt;Step {step} of {steps}&lt;/b&gt;: merge &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (new id {id}), counted {count}× (overlaps included), merged at %n places: {before} → {after} tokens.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/step_through.py" line="323"/>
        <source>Before ({tokens} tokens)</source>
        <translation>
            <numerusform>Before ({tokens} token)</numerusform>
            <numerusform>Before ({tokens} tokens)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/step_through.py" line="324"/>
        <source>After ({tokens} tokens)</source>
        <translation>
            <numerusform>After ({tokens} token)</numerusform>
            <numerusform>After ({tokens} tokens)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TabWords</name>
    <message numerus="yes">
        <location filename="../../app/common/tab_part.py" line="98"/>
        <source>{merges} of {total} merges</source>
        <translation>
            <numerusform>{merges} of {total} merge</numerusform>
            <numerusform>{merges} of {total} merges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/tab_part.py" line="99"/>
        <source>{merges} merges</source>
        <translation>
            <numerusform>{merges} merge</numerusform>
            <numerusform>{merges} merges</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenPane</name>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="311"/>
        <source>{count} tokens · {chars} chars/token · {bytes} bytes/token</source>
        <translation>
            <numerusform>{count} token · {chars} chars/token · {bytes} bytes/token</numerusform>
            <numerusform>{count} tokens · {chars} chars/token · {bytes} bytes/token</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="349"/>
        <source>Copied {count} ids of {name}</source>
        <translation>
            <numerusform>Copied {count} id of {name}</numerusform>
            <numerusform>Copied {count} ids of {name}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="356"/>
        <source>Copied {count} tokens of {name} as text</source>
        <translation>
            <numerusform>Copied {count} token of {name} as text</numerusform>
            <numerusform>Copied {count} tokens of {name} as text</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="363"/>
        <source>Copied {count} tokens of {name} as JSON</source>
        <translation>
            <numerusform>Copied {count} token of {name} as JSON</numerusform>
            <numerusform>Copied {count} tokens of {name} as JSON</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrainTab</name>
    <message numerus="yes">
        <location filename="../../app/train/train_tab.py" line="310"/>
        <source>Opened {name}: {merges} merges. {reason}</source>
        <translation>
            <numerusform>Opened {name}: {merges} merge. {reason}</numerusform>
            <numerusform>Opened {name}: {merges} merges. {reason}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VocabSliderView</name>
    <message numerus="yes">
        <location filename="../../app/teaching/vocab_slider.py" line="185"/>
        <source>k = {k} of {total} merges · the model has {vocab} tokens</source>
        <translation>
            <numerusform>k = {k} of {total} merge · the model has {vocab} tokens</numerusform>
            <numerusform>k = {k} of {total} merges · the model has {vocab} tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/vocab_slider.py" line="188"/>
        <source>k = {k} of {total} merges · vocabulary {vocab}</source>
        <translation>
            <numerusform>k = {k} of {total} merge · vocabulary {vocab}</numerusform>
            <numerusform>k = {k} of {total} merges · vocabulary {vocab}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/vocab_slider.py" line="195"/>
        <source>{tokens} tokens · {chars} characters per token · {bytes} bytes per token</source>
        <translation>
            <numerusform>{tokens} token · {chars} characters per token · {bytes} bytes per token</numerusform>
            <numerusform>{tokens} tokens · {chars} characters per token · {bytes} bytes per token</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VocabularyModel</name>
    <message numerus="yes">
        <location filename="../../app/vocabulary/table_model.py" line="254"/>
        <source>id {id} · {count} bytes: {hex}</source>
        <extracomment>Hex is cut to this many bytes in the table (the tooltip has all of them).</extracomment>
        <translation>
            <numerusform>id {id} · {count} byte: {hex}</numerusform>
            <numerusform>id {id} · {count} bytes: {hex}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VocabularyTab</name>
    <message numerus="yes">
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="355"/>
        <source>ours ({merges:,} merges)</source>
        <translation>
            <numerusform>ours ({merges:,} merge)</numerusform>
            <numerusform>ours ({merges:,} merges)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WatchControls</name>
    <message numerus="yes">
        <location filename="../../app/train/watch_controls.py" line="55"/>
        <source>Shown: {shown} of {made} merges</source>
        <translation>
            <numerusform>Shown: {shown} of {made} merge</numerusform>
            <numerusform>Shown: {shown} of {made} merges</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WhyMergePanel</name>
    <message numerus="yes">
        <location filename="../../app/vocabulary/why_panel.py" line="283"/>
        <source>No merge {number}: the tokenizer has {merges:,} merges.</source>
        <translation>
            <numerusform>No merge {number}: the tokenizer has {merges:,} merge.</numerusform>
            <numerusform>No merge {number}: the tokenizer has {merges:,} merges.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/why_panel.py" line="323"/>
        <source>Below: all {count:,} places it occurs in the corpus.</source>
        <translation>
            <numerusform>Below: the {count:,} place it occurs in the corpus.</numerusform>
            <numerusform>Below: all {count:,} places it occurs in the corpus.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/why_panel.py" line="325"/>
        <source>Below: the first {count:,} places it occurs in the corpus.</source>
        <translation>
            <numerusform>Below: the first {count:,} place it occurs in the corpus.</numerusform>
            <numerusform>Below: the first {count:,} places it occurs in the corpus.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WindowStateWords</name>
    <message numerus="yes">
        <location filename="../../app/window_state.py" line="92"/>
        <source>The Compare text kept from the last session has {count} characters: only its first {limit} were restored.</source>
        <extracomment>The Compare text is remembered up to this many characters (a pasted book is not); a longer one, written in the settings by hand, is restored up to this many (the rest would take gigabytes to encode at start-up).</extracomment>
        <translation>
            <numerusform>The Compare text kept from the last session has {count} character: only its first {limit} were restored.</numerusform>
            <numerusform>The Compare text kept from the last session has {count} characters: only its first {limit} were restored.</numerusform>
        </translation>
    </message>
</context>
</TS>
