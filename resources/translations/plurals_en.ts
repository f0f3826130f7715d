<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ClassicBpeView</name>
    <message numerus="yes">
        <location filename="../../app/teaching/classic_view.py" line="240"/>
        <source>&lt;b&gt;Round {round} of {rounds}&lt;/b&gt;: merge &lt;b&gt;{pair} → {symbol}&lt;/b&gt;, {count} occurrences (frequency-weighted); %n words changed (highlighted). Ties go to the pair met first reading the table.</source>
        <translation>
            <numerusform>&lt;b&gt;Round {round} of {rounds}&lt;/b&gt;: merge &lt;b&gt;{pair} → {symbol}&lt;/b&gt;, {count} occurrences (frequency-weighted); %n word changed (highlighted). Ties go to the pair met first reading the table.</numerusform>
            <numerusform>&lt;b&gt;Round {round} of {rounds}&lt;/b&gt;: merge &lt;b&gt;{pair} → {symbol}&lt;/b&gt;, {count} occurrences (frequency-weighted); %n words changed (highlighted). Ties go to the pair met first reading the table.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CorpusPanel</name>
    <message numerus="yes">
        <location filename="../../app/train/corpus_panel.py" line="232"/>
        <source>{name} and %n more</source>
        <translation>
            <numerusform>{name} and %n more</numerusform>
            <numerusform>{name} and %n more</numerusform>
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
    <name>MergeTreeView</name>
    <message numerus="yes">
        <location filename="../../app/teaching/merge_tree_view.py" line="362"/>
        <source>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merges, depth {depth}. Counts are the pair&apos;s count when training merged it.</source>
        <translation>
            <numerusform>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merge, depth {depth}. Counts are the pair&apos;s count when training merged it.</numerusform>
            <numerusform>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merges, depth {depth}. Counts are the pair&apos;s count when training merged it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/merge_tree_view.py" line="368"/>
        <source>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merges, depth {depth}.</source>
        <translation>
            <numerusform>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merge, depth {depth}.</numerusform>
            <numerusform>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merges, depth {depth}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PretokenizationView</name>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="204"/>
        <source>%n join words</source>
        <translation>
            <numerusform>%n joins words</numerusform>
            <numerusform>%n join words</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="205"/>
        <source>%n glue punctuation to a word</source>
        <translation>
            <numerusform>%n glues punctuation to a word</numerusform>
            <numerusform>%n glue punctuation to a word</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="206"/>
        <source>%n cross another boundary</source>
        <translation>
            <numerusform>%n crosses another boundary</numerusform>
            <numerusform>%n cross another boundary</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StepThroughView</name>
    <message numerus="yes">
        <location filename="../../app/teaching/step_through.py" line="251"/>
        <source>&lt;b&gt;Step {step} of {steps}&lt;/b&gt;: merge &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (new id {id}), counted {count}× (overlaps included), merged at %n places: {before} → {after} tokens.</source>
        <translation>
            <numerusform>&lt;b&gt;Step {step} of {steps}&lt;/b&gt;: merge &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (new id {id}), counted {count}× (overlaps included), merged at %n place: {before} → {after} tokens.</numerusform>
            <numerusform>&lt;b&gt;Step {step} of {steps}&lt;/b&gt;: merge &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (new id {id}), counted {count}× (overlaps included), merged at %n places: {before} → {after} tokens.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenPane</name>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="270"/>
        <source>{count} tokens · {chars} chars/token · {bytes} bytes/token</source>
        <translation>
            <numerusform>{count} token · {chars} chars/token · {bytes} bytes/token</numerusform>
            <numerusform>{count} tokens · {chars} chars/token · {bytes} bytes/token</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="304"/>
        <source>Copied {count} ids of {name}</source>
        <translation>
            <numerusform>Copied {count} id of {name}</numerusform>
            <numerusform>Copied {count} ids of {name}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="311"/>
        <source>Copied {count} tokens of {name} as text</source>
        <translation>
            <numerusform>Copied {count} token of {name} as text</numerusform>
            <numerusform>Copied {count} tokens of {name} as text</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="318"/>
        <source>Copied {count} tokens of {name} as JSON</source>
        <translation>
            <numerusform>Copied {count} token of {name} as JSON</numerusform>
            <numerusform>Copied {count} tokens of {name} as JSON</numerusform>
        </translation>
    </message>
</context>
</TS>
