<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ClassicBpeView</name>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="36"/>
        <source>Sennrich et al. 2016: low ×5, lower ×2, newest ×6, widest ×3</source>
        <extracomment>label (English, translated when shown) -&gt; (word frequencies, end-of-word marker)</extracomment>
        <translation>Sennrich 等（2016）：low ×5，lower ×2，newest ×6，widest ×3</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="40"/>
        <source>Jurafsky &amp; Martin: low ×5, lowest ×2, newer ×6, wider ×3, new ×2</source>
        <translation>Jurafsky 与 Martin 教材：low ×5，lowest ×2，newer ×6，wider ×3，new ×2</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="74"/>
        <source>Your own words (type below)</source>
        <translation>自己的单词（在右侧输入）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="81"/>
        <source>Corpus</source>
        <translation>语料</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="90"/>
        <source>word</source>
        <translation>单词</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="90"/>
        <source>frequency</source>
        <translation>词频</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="90"/>
        <source>symbols</source>
        <translation>符号</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="107"/>
        <source>BpeTrainer(pattern=r&apos;\S+&apos;) on the same words: bytes, no end-of-word marker, ties go to the lexicographically greatest pair</source>
        <translation>在同样的单词上运行 BpeTrainer(pattern=r&apos;\S+&apos;)：以字节为单位，没有词尾标记，频次相同时选字典序最大的一对</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="121"/>
        <source>&lt;b&gt;Merges (word-level)&lt;/b&gt;</source>
        <translation>&lt;b&gt;合并（词级）&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="123"/>
        <source>&lt;b&gt;Byte-level trainer, same words&lt;/b&gt;</source>
        <translation>&lt;b&gt;字节级训练器，同样的单词&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="157"/>
        <source>Type some words.</source>
        <translation>请输入一些单词。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="209"/>
        <source>&lt;b&gt;Start&lt;/b&gt;: {words} words as characters plus the end-of-word marker “{marker}”. Next: &lt;b&gt;{pair}&lt;/b&gt; ({count}×).</source>
        <translation>&lt;b&gt;开始&lt;/b&gt;：{words} 个单词，拆成字符，再加上词尾标记“{marker}”。下一步：&lt;b&gt;{pair}&lt;/b&gt;（{count} 次）。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="213"/>
        <source>&lt;b&gt;Start&lt;/b&gt;: {words} words as characters plus the end-of-word marker “{marker}”.</source>
        <translation>&lt;b&gt;开始&lt;/b&gt;：{words} 个单词，拆成字符，再加上词尾标记“{marker}”。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/classic_view.py" line="227"/>
        <source>&lt;b&gt;Round {round} of {rounds}&lt;/b&gt;: merge &lt;b&gt;{pair} → {symbol}&lt;/b&gt;, {count} occurrences (frequency-weighted); %n words changed (highlighted). Ties go to the pair met first reading the table.</source>
        <translation>
            <numerusform>&lt;b&gt;第 {round} 轮，共 {rounds} 轮&lt;/b&gt;：合并 &lt;b&gt;{pair} → {symbol}&lt;/b&gt;，出现 {count} 次（按词频加权）；%n 个单词发生变化（已高亮）。频次相同时，选按表格顺序最先遇到的一对。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="242"/>
        <source>Pair counts in round {round} (chosen in orange)</source>
        <translation>第 {round} 轮的符号对频次（选中的为橙色）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="245"/>
        <source>No pair left</source>
        <translation>没有可合并的符号对了</translation>
    </message>
</context>
<context>
    <name>EncodeAnimationView</name>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="62"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="172"/>
        <source>id {id}
bytes {hex}</source>
        <translation>ID {id}
字节 {hex}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="183"/>
        <source>&lt;b&gt;{done} of {total} merges done&lt;/b&gt;. Next: rank {rank}, &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (id {id})</source>
        <translation>&lt;b&gt;已完成 {done}/{total} 次合并&lt;/b&gt;。下一步：序号 {rank}，&lt;b&gt;{left} + {right} → {token}&lt;/b&gt;（ID {id}）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="188"/>
        <source>&lt;b&gt;Bytes&lt;/b&gt; ({total} merges). Next: rank {rank}, &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (id {id})</source>
        <translation>&lt;b&gt;字节&lt;/b&gt;（共 {total} 次合并）。下一步：序号 {rank}，&lt;b&gt;{left} + {right} → {token}&lt;/b&gt;（ID {id}）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="204"/>
        <source>&lt;b&gt;Done&lt;/b&gt;: {merges} merges, {tokens} tokens. Press space to replay.</source>
        <translation>&lt;b&gt;完成&lt;/b&gt;：{merges} 次合并，{tokens} 个词元。按空格键重新播放。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="211"/>
        <source>Token ids: {ids}</source>
        <translation>词元 ID：{ids}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="213"/>
        <source>Token ids when done: {ids}</source>
        <translation>完成后的词元 ID：{ids}</translation>
    </message>
</context>
<context>
    <name>MergeTreeView</name>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="155"/>
        <source>id </source>
        <translation>ID </translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="158"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="160"/>
        <source>or token</source>
        <translation>或词元</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="163"/>
        <source>Click a token to see how it was built</source>
        <translation>点击一个词元，查看它是如何合并而成的</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="164"/>
        <source>Click a token.</source>
        <translation>请点击一个词元。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="259"/>
        <source>token id {id} is not in this tokenizer&apos;s vocabulary</source>
        <translation>词元 ID {id} 不在这个分词器的词表中</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="270"/>
        <source>{tokenizer} has a merge of parts that are no tokens: {error}</source>
        <translation>{tokenizer} 有一条合并规则，其组成部分不是词元：{error}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/merge_tree_view.py" line="286"/>
        <source>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merges, depth {depth}. Counts are the pair&apos;s count when training merged it.</source>
        <translation>
            <numerusform>&lt;b&gt;{token}&lt;/b&gt;（ID {id}）：{bytes} 个字节，%n 次合并，深度 {depth}。频次是训练时合并这一对那一刻的出现次数。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/merge_tree_view.py" line="292"/>
        <source>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merges, depth {depth}.</source>
        <translation>
            <numerusform>&lt;b&gt;{token}&lt;/b&gt;（ID {id}）：{bytes} 个字节，%n 次合并，深度 {depth}。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="318"/>
        <source>id {id}
bytes {hex}</source>
        <translation>ID {id}
字节 {hex}</translation>
    </message>
</context>
<context>
    <name>PairCountsChart</name>
    <message>
        <location filename="../../app/teaching/pair_chart.py" line="52"/>
        <source>count</source>
        <translation>频次</translation>
    </message>
</context>
<context>
    <name>PretokenizationView</name>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="43"/>
        <source>inside one pre-token</source>
        <extracomment>Each kind of merge named in the lists&apos; tooltips: the English of ``pretok_lesson.KINDS``, translated at use.</extracomment>
        <translation>在同一个预分词单元内</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="44"/>
        <source>joins words</source>
        <translation>连接了单词</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="45"/>
        <source>glues punctuation to a word</source>
        <translation>把标点粘到单词上</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="46"/>
        <source>crosses a pre-token boundary</source>
        <translation>跨越了预分词边界</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="49"/>
        <source>No pre-tokenization (pattern none)</source>
        <translation>不做预分词（模式 none）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="50"/>
        <source>GPT-2 pre-tokenization (pattern gpt2)</source>
        <translation>GPT-2 预分词（模式 gpt2）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="79"/>
        <source> merges</source>
        <translation> 次合并</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="80"/>
        <source>Train both</source>
        <translation>两个都训练</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="85"/>
        <source>Train on the text above with</source>
        <translation>用上面的文本训练</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="89"/>
        <source>Sample</source>
        <translation>示例句</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="94"/>
        <source>Highlighted merges cross a GPT-2 pre-token boundary: {words} {punctuation} {other}</source>
        <translation>高亮的合并跨越了 GPT-2 的预分词边界：{words} {punctuation} {other}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="99"/>
        <source>other boundary (e.g. a space at the end of a word)</source>
        <translation>其他边界（例如单词末尾的空格）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="143"/>
        <source>Type a text to train on.</source>
        <translation>请输入用于训练的文本。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="158"/>
        <source>{number}. {token}   ({count}×)   cut by GPT-2: {pieces}</source>
        <translation>{number}. {token}   （{count} 次）   GPT-2 切分为：{pieces}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="173"/>
        <source>{crossing} of {merges} merges cross a boundary.</source>
        <translation>{merges} 次合并中有 {crossing} 次跨越边界。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="175"/>
        <source>%n join words</source>
        <translation>
            <numerusform>%n 次连接单词</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="176"/>
        <source>%n glue punctuation to a word</source>
        <translation>
            <numerusform>%n 次把标点粘到单词上</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="177"/>
        <source>%n cross another boundary</source>
        <translation>
            <numerusform>%n 次跨越其他边界</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="179"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="180"/>
        <source>{crossing} of {merges} merges cross a boundary: {kinds}</source>
        <translation>{merges} 次合并中有 {crossing} 次跨越边界：{kinds}</translation>
    </message>
</context>
<context>
    <name>StepThroughView</name>
    <message>
        <location filename="../../app/teaching/step_through.py" line="63"/>
        <source>A short text, or numbers such as [1, 2, 3, 1, 2] (abstract token ids)</source>
        <translation>一段短文本，或像 [1, 2, 3, 1, 2] 这样的数字（抽象的词元 ID）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="67"/>
        <source>up to </source>
        <translation>最多 </translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="68"/>
        <source> merges</source>
        <translation> 次合并</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="69"/>
        <source>Show ids</source>
        <translation>显示 ID</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="72"/>
        <location filename="../../app/teaching/step_through.py" line="213"/>
        <source>Sequence</source>
        <translation>序列</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="189"/>
        <source>id {id}
bytes {hex}</source>
        <translation>ID {id}
字节 {hex}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="193"/>
        <source>id {id} = {left} + {right}</source>
        <translation>ID {id} = {left} + {right}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="197"/>
        <source>id {id}</source>
        <translation>ID {id}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="209"/>
        <source>Nothing to merge: the sequence needs at least two tokens.</source>
        <translation>没有可合并的：序列至少需要两个词元。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="212"/>
        <source>No pairs</source>
        <translation>没有词元对</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="220"/>
        <source>&lt;b&gt;Start&lt;/b&gt;: {tokens} tokens. The most frequent pair is &lt;b&gt;{left} + {right}&lt;/b&gt; ({count}×): press → to merge it.</source>
        <translation>&lt;b&gt;开始&lt;/b&gt;：{tokens} 个词元。出现最多的一对是 &lt;b&gt;{left} + {right}&lt;/b&gt;（{count} 次）：按 → 合并它。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="231"/>
        <source>Sequence ({tokens} tokens)</source>
        <translation>序列（{tokens} 个词元）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="232"/>
        <source>Pair counts now (the merged pair in orange)</source>
        <translation>当前的词元对频次（将合并的一对为橙色）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/step_through.py" line="238"/>
        <source>&lt;b&gt;Step {step} of {steps}&lt;/b&gt;: merge &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (new id {id}), counted {count}× (overlaps included), merged at %n places: {before} → {after} tokens.</source>
        <translation>
            <numerusform>&lt;b&gt;第 {step} 步，共 {steps} 步&lt;/b&gt;：合并 &lt;b&gt;{left} + {right} → {token}&lt;/b&gt;（新 ID {id}），计数 {count} 次（含重叠），在 %n 处合并：{before} → {after} 个词元。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="257"/>
        <source>Before ({tokens} tokens)</source>
        <translation>合并前（{tokens} 个词元）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="258"/>
        <source>After ({tokens} tokens)</source>
        <translation>合并后（{tokens} 个词元）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="260"/>
        <source>Pair counts at step {step} (the merged pair in orange)</source>
        <translation>第 {step} 步的词元对频次（合并的一对为橙色）</translation>
    </message>
</context>
<context>
    <name>TeachingView</name>
    <message>
        <location filename="../../app/teaching/base.py" line="72"/>
        <source>Teaching view</source>
        <translation>教学视图</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="132"/>
        <source>◀ Back</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="133"/>
        <location filename="../../app/teaching/base.py" line="155"/>
        <source>▶ Play</source>
        <translation>▶ 播放</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="134"/>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="141"/>
        <source> steps/s</source>
        <translation> 步/秒</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="143"/>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="153"/>
        <source>⏸ Pause</source>
        <translation>⏸ 暂停</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="198"/>
        <source>Export as .png or .svg, not {suffix}.</source>
        <translation>只能导出为 .png 或 .svg，不能是 {suffix}。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="203"/>
        <source>Export as .png or .svg: {name} has no suffix.</source>
        <translation>只能导出为 .png 或 .svg：{name} 没有扩展名。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="211"/>
        <source>Could not write {path}.</source>
        <translation>无法写入 {path}。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="219"/>
        <source>Exported from BPE Explorer</source>
        <translation>由 BPE Explorer 导出</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="64"/>
        <source>Classic BPE</source>
        <translation>经典 BPE</translation>
    </message>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="48"/>
        <source>Encode animation</source>
        <translation>编码动画</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="139"/>
        <source>Merge tree</source>
        <translation>合并树</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="66"/>
        <source>Pre-tokenization</source>
        <translation>预分词</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="51"/>
        <source>Step through</source>
        <extracomment>The classic walk-throughs, offered in the input box.</extracomment>
        <translation>逐步演示</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="45"/>
        <source>Vocabulary slider</source>
        <translation>词表滑块</translation>
    </message>
</context>
<context>
    <name>TeachingWindow</name>
    <message>
        <location filename="../../app/teaching/window.py" line="88"/>
        <source>BPE Explorer — Teach</source>
        <extracomment>The reference encodings offered beside the current tokenizer.</extracomment>
        <translation>BPE Explorer — 教学</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="90"/>
        <location filename="../../app/teaching/window.py" line="186"/>
        <source>current tokenizer</source>
        <translation>当前分词器</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="125"/>
        <source>Teach</source>
        <translation>教学</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="127"/>
        <source> Tokenizer </source>
        <translation> 分词器 </translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="129"/>
        <source> Text </source>
        <translation> 文本 </translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="136"/>
        <source>Presentation mode</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="138"/>
        <source>Large fonts for a projector; ← → step, space plays (F5)</source>
        <translation>投影用的大字体；← → 单步，空格键播放（F5）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="140"/>
        <source>Full screen</source>
        <translation>全屏</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="143"/>
        <source>Export view…</source>
        <translation>导出视图…</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="145"/>
        <source>Save the current view as PNG or SVG, for slides</source>
        <translation>把当前视图保存为 PNG 或 SVG，用于幻灯片</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="166"/>
        <source>tiktoken {name}</source>
        <translation>tiktoken {name}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="200"/>
        <source>Training corpus: {start}</source>
        <translation>训练语料：{start}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="204"/>
        <source>Compare text: {start}</source>
        <translation>对比页文本：{start}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="206"/>
        <source>English samples</source>
        <translation>英文示例</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="270"/>
        <source> Loading {name}… </source>
        <translation> 正在加载 {name}… </translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="297"/>
        <source>Cannot load encoding</source>
        <translation>无法加载编码</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="298"/>
        <source>{name} could not be loaded: {error}</source>
        <translation>无法加载 {name}：{error}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="316"/>
        <source>The animation traces our engine&apos;s BPE; this tokenizer is encoded by its own library</source>
        <translation>编码动画追踪的是本程序引擎的 BPE；这个分词器由它自己的库编码</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="397"/>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="397"/>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="407"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
</context>
<context>
    <name>VocabSliderView</name>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="63"/>
        <source> merges per step</source>
        <translation> 次合并/步</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="65"/>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="89"/>
        <source>merges k</source>
        <translation>合并次数 k</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="90"/>
        <source>tokens in the text</source>
        <translation>文本的词元数</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="165"/>
        <source>Merge {k} (the last one used): &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; — in the text, in green</source>
        <translation>第 {k} 次合并（用到的最后一次）：&lt;b&gt;{left} + {right} → {token}&lt;/b&gt;——在文本中以绿色标出</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="168"/>
        <source>Merge {k} (the last one used): &lt;b&gt;{left} + {right} → {token}&lt;/b&gt;</source>
        <translation>第 {k} 次合并（用到的最后一次）：&lt;b&gt;{left} + {right} → {token}&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="178"/>
        <source>No merges: every byte is a token.</source>
        <translation>没有合并：每个字节都是一个词元。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="180"/>
        <source>k = {k} of {total} merges · the model has {vocab} tokens</source>
        <translation>k = {k}，共 {total} 次合并 · 模型共有 {vocab} 个词元</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="183"/>
        <source>k = {k} of {total} merges · vocabulary {vocab}</source>
        <translation>k = {k}，共 {total} 次合并 · 词表大小 {vocab}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="190"/>
        <source>{tokens} tokens · {chars} characters per token · {bytes} bytes per token</source>
        <translation>{tokens} 个词元 · 每个词元 {chars} 个字符 · 每个词元 {bytes} 个字节</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="195"/>
        <source>No text.</source>
        <translation>没有文本。</translation>
    </message>
</context>
<context>
    <name>app.teaching</name>
    <message>
        <location filename="../../app/teaching/__main__.py" line="57"/>
        <source>trained on the English sample (1,000 merges)</source>
        <translation>在英文示例语料上训练（1,000 次合并）</translation>
    </message>
</context>
<context>
    <name>merge_tree_view</name>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="50"/>
        <source>#{id} · special</source>
        <translation>#{id} · 特殊词元</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="53"/>
        <source>#{id} · byte 0x{byte}</source>
        <translation>#{id} · 字节 0x{byte}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="58"/>
        <source>#{id} · no merge</source>
        <translation>#{id} · 非合并所得</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="61"/>
        <source>#{id} · rank {rank}</source>
        <translation>#{id} · 序号 {rank}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="66"/>
        <source>count {count}</source>
        <translation>频次 {count}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="96"/>
        <source>{name} is a {model} model: it has no merges, so no merge trees and no vocabulary slider.</source>
        <translation>{name} 是 {model} 模型：它没有合并规则，因此没有合并树，也不能使用词表滑块。</translation>
    </message>
</context>
<context>
    <name>token_chips</name>
    <message>
        <location filename="../../app/teaching/token_chips.py" line="19"/>
        <source>id {id}</source>
        <translation>ID {id}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/token_chips.py" line="20"/>
        <source>bytes {hex}</source>
        <translation>字节 {hex}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/token_chips.py" line="24"/>
        <source>bytes {first}-{last} of {length} of {char}</source>
        <translation>{char} 的 {length} 个字节中的第 {first}-{last} 个（从 0 起）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/token_chips.py" line="30"/>
        <source>special token</source>
        <translation>特殊词元</translation>
    </message>
</context>
</TS>
