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
        <location filename="../../app/teaching/classic_view.py" line="162"/>
        <source>Type some words.</source>
        <translation>请输入一些单词。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="169"/>
        <source>{rank}. {left} + {right} → {token}  ({count}×)</source>
        <translation>{rank}. {left} + {right} → {token}（{count}×）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/classic_view.py" line="226"/>
        <source>&lt;b&gt;Start&lt;/b&gt;: {words} words as characters plus the end-of-word marker “{marker}”. Next: &lt;b&gt;{pair}&lt;/b&gt; ({count}×).</source>
        <translation>
            <numerusform>&lt;b&gt;开始&lt;/b&gt;：{words} 个单词，拆成字符，再加上词尾标记“{marker}”。下一步：&lt;b&gt;{pair}&lt;/b&gt;（{count} 次）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/classic_view.py" line="233"/>
        <source>&lt;b&gt;Start&lt;/b&gt;: {words} words as characters plus the end-of-word marker “{marker}”.</source>
        <translation>
            <numerusform>&lt;b&gt;开始&lt;/b&gt;：{words} 个单词，拆成字符，再加上词尾标记“{marker}”。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/classic_view.py" line="248"/>
        <source>&lt;b&gt;Round {round} of {rounds}&lt;/b&gt;: merge &lt;b&gt;{pair} → {symbol}&lt;/b&gt;, {count} occurrences (frequency-weighted); %n words changed (highlighted). Ties go to the pair met first reading the table.</source>
        <translation>
            <numerusform>&lt;b&gt;第 {round} 轮，共 {rounds} 轮&lt;/b&gt;：合并 &lt;b&gt;{pair} → {symbol}&lt;/b&gt;，出现 {count} 次（按词频加权）；%n 个单词发生变化（已高亮）。频次相同时，选按表格顺序最先遇到的一对。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="263"/>
        <source>Pair counts in round {round} (chosen in orange)</source>
        <translation>第 {round} 轮的符号对频次（选中的为橙色）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="266"/>
        <source>No pair left</source>
        <translation>没有可合并的符号对了</translation>
    </message>
</context>
<context>
    <name>EncodeAnimationView</name>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="65"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="173"/>
        <source>id {id}
bytes {hex}</source>
        <translation>ID {id}
字节 {hex}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/encode_animation.py" line="188"/>
        <source>&lt;b&gt;{done} of {total} merges done&lt;/b&gt;. Next: merge {number}, &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (id {id})</source>
        <translation>
            <numerusform>&lt;b&gt;已完成 {done}/{total} 次合并&lt;/b&gt;。下一步：第 {number} 次合并，&lt;b&gt;{left} + {right} → {token}&lt;/b&gt;（ID {id}）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/encode_animation.py" line="195"/>
        <source>&lt;b&gt;Bytes&lt;/b&gt; ({total} merges). Next: merge {number}, &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (id {id})</source>
        <translation>
            <numerusform>&lt;b&gt;字节&lt;/b&gt;（共 {total} 次合并）。下一步：第 {number} 次合并，&lt;b&gt;{left} + {right} → {token}&lt;/b&gt;（ID {id}）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/encode_animation.py" line="213"/>
        <source>&lt;b&gt;Done&lt;/b&gt;: {merges} merges, {tokens} tokens. Press space to replay.</source>
        <translation>
            <numerusform>&lt;b&gt;完成&lt;/b&gt;：{merges} 次合并，{tokens} 个词元。按空格键重新播放。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="220"/>
        <source>Token ids: {ids}</source>
        <translation>词元 ID：{ids}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="222"/>
        <source>Token ids when done: {ids}</source>
        <translation>完成后的词元 ID：{ids}</translation>
    </message>
</context>
<context>
    <name>ExportPage</name>
    <message>
        <location filename="../../app/teaching/export_page.py" line="29"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/export_page.py" line="43"/>
        <source>Exporting {name}: %n frames</source>
        <translation>
            <numerusform>正在导出 {name}：%n 帧</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/export_page.py" line="47"/>
        <source>Writing {name}: %n frames</source>
        <translation>
            <numerusform>正在写入 {name}：%n 帧</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MergeTreeView</name>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="103"/>
        <source>id </source>
        <translation>ID </translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="106"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="108"/>
        <source>or token</source>
        <translation>或词元</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="110"/>
        <location filename="../../app/teaching/merge_tree_view.py" line="145"/>
        <source>▶ Grow</source>
        <translation>▶ 生长</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="112"/>
        <source>Build the tree from its bytes, one merge at a time (space)</source>
        <translation>从字节开始，一次一个合并地构建这棵树（空格键）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="116"/>
        <source>Click a token to see how it was built</source>
        <translation>点击一个词元，查看它是如何合并而成的</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="122"/>
        <source>Click a token.</source>
        <translation>请点击一个词元。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="145"/>
        <source>⏸ Pause</source>
        <translation>⏸ 暂停</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="213"/>
        <source>token id {id} is not in this tokenizer&apos;s vocabulary</source>
        <translation>词元 ID {id} 不在这个分词器的词表中</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="219"/>
        <source>{tokenizer} has a merge of parts that are no tokens: {error}</source>
        <translation>{tokenizer} 有一条合并规则，其组成部分不是词元：{error}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/merge_tree_view.py" line="236"/>
        <source>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merges, depth {depth}. Counts are the pair&apos;s count when training merged it.</source>
        <translation>
            <numerusform>&lt;b&gt;{token}&lt;/b&gt;（ID {id}）：{bytes} 个字节，%n 次合并，深度 {depth}。频次是训练时合并这一对那一刻的出现次数。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/merge_tree_view.py" line="242"/>
        <source>&lt;b&gt;{token}&lt;/b&gt; (id {id}): {bytes} bytes, %n merges, depth {depth}.</source>
        <translation>
            <numerusform>&lt;b&gt;{token}&lt;/b&gt;（ID {id}）：{bytes} 个字节，%n 次合并，深度 {depth}。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="268"/>
        <source>Growing: the bytes, before any merge.</source>
        <translation>生长中：只有字节，尚未合并。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="271"/>
        <source>Growing: step {done} of {total} (merge {number}: {left} + {right}).</source>
        <translation>生长中：第 {done} 步，共 {total} 步（第 {number} 次合并：{left} + {right}）。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_drawing.py" line="196"/>
        <source>removed from the vocabulary by PickyBPE after this merge
bytes {hex}</source>
        <extracomment>Room between a node&apos;s border and its lines, left and right / above and below (as painted). The width of the root&apos;s border and of the other nodes&apos; borders.</extracomment>
        <translation>此次合并之后被 PickyBPE 从词表中移除
字节 {hex}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_drawing.py" line="200"/>
        <source>id {id}
bytes {hex}</source>
        <translation>ID {id}
字节 {hex}</translation>
    </message>
</context>
<context>
    <name>PairCountsChart</name>
    <message>
        <location filename="../../app/teaching/pair_chart.py" line="54"/>
        <source>count</source>
        <extracomment>The chart&apos;s least height at the usual size (larger fonts need more: :meth:`PairCountsChart.set_point_size`).</extracomment>
        <translation>频次</translation>
    </message>
</context>
<context>
    <name>PretokenizationView</name>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="49"/>
        <source>inside one pre-token</source>
        <extracomment>Each kind of merge named in the lists&apos; tooltips: the English of ``pretok_lesson.KINDS``, translated at use.</extracomment>
        <translation>在同一个预分词单元内</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="50"/>
        <source>joins words</source>
        <translation>连接了单词</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="51"/>
        <source>glues punctuation to a word</source>
        <translation>把标点粘到单词上</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="52"/>
        <source>crosses a pre-token boundary</source>
        <translation>跨越了预分词边界</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="55"/>
        <source>No pre-tokenization (pattern none)</source>
        <translation>不做预分词（模式 none）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="56"/>
        <source>GPT-2 pre-tokenization (pattern gpt2)</source>
        <translation>GPT-2 预分词（模式 gpt2）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="96"/>
        <source> merges</source>
        <translation> 次合并</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="97"/>
        <source>Train both</source>
        <translation>两个都训练</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="102"/>
        <source>Train on the text above with</source>
        <translation>用上面的文本训练</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="106"/>
        <source>Sample</source>
        <translation>示例句</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="111"/>
        <source>Highlighted merges cross a GPT-2 pre-token boundary: {words} {punctuation} {other}</source>
        <translation>高亮的合并跨越了 GPT-2 的预分词边界：{words} {punctuation} {other}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="116"/>
        <source>other boundary (e.g. a space at the end of a word)</source>
        <translation>其他边界（例如单词末尾的空格）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="170"/>
        <source>Type a text to train on.</source>
        <translation>请输入用于训练的文本。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="185"/>
        <source>{number}. {token}   ({count}×)   cut by GPT-2: {pieces}</source>
        <translation>{number}. {token}   （{count} 次）   GPT-2 切分为：{pieces}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="202"/>
        <source>{crossing} of {merges} merges cross a boundary.</source>
        <translation>
            <numerusform>{merges} 次合并中有 {crossing} 次跨越边界。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="206"/>
        <source>%n join words</source>
        <translation>
            <numerusform>%n 次连接单词</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="207"/>
        <source>%n glue punctuation to a word</source>
        <translation>
            <numerusform>%n 次把标点粘到单词上</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="208"/>
        <source>%n cross another boundary</source>
        <translation>
            <numerusform>%n 次跨越其他边界</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="210"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/pretok_view.py" line="211"/>
        <source>{crossing} of {merges} merges cross a boundary: {kinds}</source>
        <translation>
            <numerusform>{merges} 次合并中有 {crossing} 次跨越边界：{kinds}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="234"/>
        <source>&lt;b&gt;{pattern}&lt;/b&gt;: {cuts}</source>
        <translation>&lt;b&gt;{pattern}&lt;/b&gt;：{cuts}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="240"/>
        <source>How the published patterns cut the sample:</source>
        <translation>已发布的模式如何切分示例：</translation>
    </message>
</context>
<context>
    <name>QuizSheet</name>
    <message>
        <location filename="../../app/teaching/quiz_sheet.py" line="196"/>
        <location filename="../../app/teaching/quiz_sheet.py" line="284"/>
        <source>Predict the next merge</source>
        <translation>预测下一次合并</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_sheet.py" line="199"/>
        <source>Name: ______________________    Score: ____ / {total}</source>
        <translation>姓名：______________________    得分：____ / {total}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/quiz_sheet.py" line="55"/>
        <source>Question {number} — after {merges} merges, the text is cut like this:</source>
        <extracomment>A4 in points, the margin around what is drawn. The PNG pages&apos; resolution (A4 at 150 dpi: 1240 x 1754 pixels).</extracomment>
        <translation>
            <numerusform>第 {number} 题 — 经过 {merges} 次合并后，文本被切分成这样：</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_sheet.py" line="214"/>
        <source>Which pair is merged next? Tick one:</source>
        <translation>下一次合并的是哪一对？请勾选一项：</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_sheet.py" line="220"/>
        <source>Answers</source>
        <translation>答案</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_sheet.py" line="227"/>
        <source>Question {number}: {letter})  {pair}</source>
        <translation>第 {number} 题：{letter})  {pair}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_sheet.py" line="236"/>
        <source>{letter}) {pair}: {count}×</source>
        <translation>{letter}) {pair}：{count}×</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_sheet.py" line="246"/>
        <source>Counts in this text (the training corpus&apos;s counts were not kept).</source>
        <translation>频次取自这段文本（训练语料的频次没有保存）。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_sheet.py" line="262"/>
        <source>Save the quiz sheet as .pdf or .png, not {suffix}.</source>
        <translation>题单请保存为 .pdf 或 .png，而不是 {suffix}。</translation>
    </message>
</context>
<context>
    <name>QuizView</name>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="62"/>
        <source>merge </source>
        <translation>第 </translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="66"/>
        <source> choices</source>
        <translation> 个选项</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="67"/>
        <source>New round</source>
        <translation>新一轮</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="68"/>
        <source>Next question ▶</source>
        <translation>下一题 ▶</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="69"/>
        <source>Printable sheet…</source>
        <translation>打印用题单…</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="70"/>
        <source>Save this round as a PDF or PNG sheet: the questions, then the answers</source>
        <translation>将本轮保存为 PDF 或 PNG 题单：先是题目，后是答案</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="74"/>
        <source>Start at</source>
        <translation>起始于</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="137"/>
        <location filename="../../app/teaching/quiz_view.py" line="246"/>
        <source>This tokenizer has no merges: there is nothing to predict.</source>
        <translation>该分词器没有合并：没有可预测的内容。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/quiz_view.py" line="149"/>
        <source>&lt;b&gt;Question {number} of {round}&lt;/b&gt; — {merges} merges done. Here is the text now: which pair is merged next?</source>
        <translation>
            <numerusform>&lt;b&gt;第 {number} 题，共 {round} 题&lt;/b&gt; — 已完成 {merges} 次合并。这是文本现在的样子：下一次合并的是哪一对？</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="195"/>
        <source>&lt;b&gt;Right!&lt;/b&gt;</source>
        <translation>&lt;b&gt;答对了！&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="195"/>
        <source>&lt;b&gt;Not this time.&lt;/b&gt;</source>
        <translation>&lt;b&gt;这次没答对。&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="215"/>
        <source>Merge {rank} joins &lt;b&gt;{pair}&lt;/b&gt;.</source>
        <translation>第 {rank} 次合并连接的是 &lt;b&gt;{pair}&lt;/b&gt;。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="201"/>
        <source>Counts in this text, not in the training corpus (not kept): they show where the pair stands side by side, not why the trainer chose it.</source>
        <translation>这些是本文本中的计数，而非训练语料中的计数（训练语料未保存）：它们显示这一对相邻出现的位置，而不是训练器选择它的原因。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="218"/>
        <source>Merge {rank} joins &lt;b&gt;{pair}&lt;/b&gt; → {built}.</source>
        <translation>第 {rank} 次合并连接的是 &lt;b&gt;{pair}&lt;/b&gt; → {built}。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="237"/>
        <source>{tokenizer} · merges {first}–{last} · “{text}”</source>
        <translation>{tokenizer} · 第 {first}–{last} 次合并 · “{text}”</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="250"/>
        <source>PDF document (*.pdf);;PNG images (*.png)</source>
        <translation>PDF 文档 (*.pdf);;PNG 图片 (*.png)</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="251"/>
        <source>Save the quiz sheet</source>
        <translation>保存题单</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="257"/>
        <source>Cannot save the quiz sheet</source>
        <translation>无法保存题单</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="261"/>
        <source>round {number}: {right}/{asked}</source>
        <translation>第 {number} 轮：{right}/{asked}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="264"/>
        <source>this round: {right}/{asked}</source>
        <translation>本轮：{right}/{asked}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="265"/>
        <source>Score — {rounds}</source>
        <translation>得分 — {rounds}</translation>
    </message>
</context>
<context>
    <name>QuizWords</name>
    <message>
        <location filename="../../app/teaching/quiz_words.py" line="57"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_words.py" line="60"/>
        <source>{chars}: {parts}</source>
        <translation>{chars}：{parts}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_words.py" line="64"/>
        <source>byte {first} of {char} ({hex})</source>
        <translation>“{char}”（{hex}）的第 {first} 个字节</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_words.py" line="65"/>
        <source>bytes {first}–{last} of {char} ({hex})</source>
        <translation>“{char}”（{hex}）的第 {first}–{last} 个字节</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_words.py" line="78"/>
        <source>not side by side in this text</source>
        <translation>在这段文字中没有相邻出现</translation>
    </message>
</context>
<context>
    <name>RegexView</name>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="51"/>
        <source>contractions (&apos;s &apos;t &apos;re &apos;ve &apos;m &apos;ll &apos;d)</source>
        <extracomment>One fill per kind of alternative; a second alternative of the same kind (o200k&apos;s two kinds of word) is darker.</extracomment>
        <translation>英语缩写（&apos;s &apos;t &apos;re &apos;ve &apos;m &apos;ll &apos;d）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="52"/>
        <source>punctuation and symbols</source>
        <translation>标点和符号</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="53"/>
        <source>line breaks, with the spaces before them</source>
        <translation>换行，连同其前的空白</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="54"/>
        <source>whitespace at the end of the text</source>
        <translation>文本末尾的空白</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="55"/>
        <source>whitespace before whitespace (the last space goes to the next word)</source>
        <translation>空白之前的空白（最后一个空格归下一个词）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="58"/>
        <source>any whitespace</source>
        <translation>任意空白</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="61"/>
        <source>letters</source>
        <translation>字母</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="62"/>
        <source>a word: capitals, then lowercase letters (Hello)</source>
        <translation>单词：大写字母后接小写字母（Hello）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="63"/>
        <source>a word in capitals, lowercase may follow (HTML)</source>
        <translation>大写单词，后面可接小写字母（HTML）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="66"/>
        <source>numbers (any run of digits)</source>
        <translation>数字（任意长度的一串数字）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="67"/>
        <source>numbers (1–3 digits)</source>
        <translation>数字（1–3 位）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="68"/>
        <source>numbers (one digit each)</source>
        <translation>数字（每个一位）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="71"/>
        <source>{what}, with an optional leading space</source>
        <translation>{what}，前面可带一个空格</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="72"/>
        <source>{what}, with an optional leading space or symbol</source>
        <translation>{what}，前面可带一个空格或符号</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="97"/>
        <source>alternative {number}</source>
        <translation>分支 {number}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="101"/>
        <source>{what}, then an optional contraction (&apos;s &apos;t…)</source>
        <translation>{what}，后面可接一个缩写（&apos;s &apos;t…）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="105"/>
        <source>{what}, then any line breaks</source>
        <translation>{what}，后面接任意换行</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="156"/>
        <source>This regex takes too long on the text: it probably backtracks catastrophically.</source>
        <translation>该正则表达式处理这段文本耗时过长：它可能发生了灾难性回溯。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="171"/>
        <source>pre-tokens: {n}</source>
        <translation>预分词：{n} 个</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="174"/>
        <source>Alternative {number} of {total}: {name}
{source}</source>
        <translation>第 {number} 个分支（共 {total} 个）：{name}
{source}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="213"/>
        <source>Patterns</source>
        <translation>模式</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="215"/>
        <source>custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="221"/>
        <source>custom regex</source>
        <translation>自定义正则表达式</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="221"/>
        <source>pattern {name}</source>
        <translation>{name} 模式</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="226"/>
        <source>A pattern is a list of alternatives joined by |: at each position the first alternative that matches makes the pre-token. Each pre-token is colored by its alternative (the number under it); hover it.</source>
        <translation>模式是用 | 连接的一组分支：在每个位置，第一个能匹配的分支生成预分词。每个预分词按匹配它的分支着色（下方的编号）；将鼠标悬停其上可查看详情。</translation>
    </message>
</context>
<context>
    <name>ReplayView</name>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="50"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="54"/>
        <source> merges/s</source>
        <translation> 次合并/秒</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="158"/>
        <source>This tokenizer has no merges to replay.</source>
        <translation>该分词器没有可回放的合并。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="173"/>
        <source>merge {rank} of {total}</source>
        <translation>第 {rank} 次合并，共 {total} 次</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="179"/>
        <source>&lt;b&gt;{left} + {right} → {token}&lt;/b&gt;</source>
        <translation>&lt;b&gt;{left} + {right} → {token}&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="184"/>
        <source>{pair} ({chars})</source>
        <translation>{pair}（{chars}）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="186"/>
        <source>no counts: a published model&apos;s merges</source>
        <translation>无计数：已发布模型的合并</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="188"/>
        <source>counted {count}× in the training corpus</source>
        <translation>在训练语料中出现 {count} 次</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="190"/>
        <source>fused in the text: {n}×</source>
        <translation>已在文本中合并：{n} 处</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="192"/>
        <source>about to merge in the text: {n}×</source>
        <translation>即将在文本中合并：{n} 处</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="194"/>
        <source>not in this text</source>
        <translation>本文本中没有出现</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="195"/>
        <source>Merge {rank}: {pair} ({count}); {here}.</source>
        <translation>第 {rank} 次合并：{pair}（{count}）；{here}。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="201"/>
        <source>No pair counts: this tokenizer has no training record</source>
        <translation>没有字节对计数：该分词器没有训练记录</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="209"/>
        <source>Best pairs at merge {rank} (the merged pair in orange)</source>
        <translation>第 {rank} 次合并时的高频字节对（被合并的一对为橙色）</translation>
    </message>
</context>
<context>
    <name>StepThroughView</name>
    <message>
        <location filename="../../app/teaching/step_through.py" line="80"/>
        <source>A short text, or numbers such as [1, 2, 3, 1, 2] (abstract token ids)</source>
        <translation>一段短文本，或像 [1, 2, 3, 1, 2] 这样的数字（抽象的词元 ID）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="84"/>
        <source>up to </source>
        <translation>最多 </translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="85"/>
        <source> merges</source>
        <translation> 次合并</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="86"/>
        <source>Show ids</source>
        <translation>显示 ID</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="89"/>
        <location filename="../../app/teaching/step_through.py" line="270"/>
        <source>Sequence</source>
        <translation>序列</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="173"/>
        <source>{rank}. {left} + {right} → {token}  ({count}×)</source>
        <translation>{rank}. {left} + {right} → {token}（{count}×）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="246"/>
        <source>id {id}
bytes {hex}</source>
        <translation>ID {id}
字节 {hex}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="251"/>
        <source>id {id} = {left} + {right}</source>
        <translation>ID {id} = {left} + {right}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="255"/>
        <source>id {id}</source>
        <translation>ID {id}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="266"/>
        <source>Nothing to merge: the sequence needs at least two tokens.</source>
        <translation>没有可合并的：序列至少需要两个词元。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="269"/>
        <source>No pairs</source>
        <translation>没有词元对</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/step_through.py" line="278"/>
        <source>&lt;b&gt;Start&lt;/b&gt;: {tokens} tokens. The most frequent pair is &lt;b&gt;{left} + {right}&lt;/b&gt; ({count}×): press → to merge it.</source>
        <translation>
            <numerusform>&lt;b&gt;开始&lt;/b&gt;：{tokens} 个词元。出现最多的一对是 &lt;b&gt;{left} + {right}&lt;/b&gt;（{count} 次）：按 → 合并它。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/step_through.py" line="293"/>
        <source>Sequence ({tokens} tokens)</source>
        <translation>
            <numerusform>序列（{tokens} 个词元）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="295"/>
        <source>Pair counts now (the merged pair in orange)</source>
        <translation>当前的词元对频次（将合并的一对为橙色）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/step_through.py" line="302"/>
        <source>&lt;b&gt;Step {step} of {steps}&lt;/b&gt;: merge &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; (new id {id}), counted {count}× (overlaps included), merged at %n places: {before} → {after} tokens.</source>
        <translation>
            <numerusform>&lt;b&gt;第 {step} 步，共 {steps} 步&lt;/b&gt;：合并 &lt;b&gt;{left} + {right} → {token}&lt;/b&gt;（新 ID {id}），计数 {count} 次（含重叠），在 %n 处合并：{before} → {after} 个词元。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/step_through.py" line="323"/>
        <source>Before ({tokens} tokens)</source>
        <translation>
            <numerusform>合并前（{tokens} 个词元）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/step_through.py" line="324"/>
        <source>After ({tokens} tokens)</source>
        <translation>
            <numerusform>合并后（{tokens} 个词元）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="326"/>
        <source>Pair counts at step {step} (the merged pair in orange)</source>
        <translation>第 {step} 步的词元对频次（合并的一对为橙色）</translation>
    </message>
</context>
<context>
    <name>TeachingView</name>
    <message>
        <location filename="../../app/teaching/base.py" line="35"/>
        <source>Next step of a lesson</source>
        <extracomment>The keys every teaching view answers (the Help menu lists them from here): (key, its name, what it does, the view&apos;s method that does it).</extracomment>
        <translation>课程的下一步</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="36"/>
        <source>Step back in a lesson</source>
        <translation>课程后退一步</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="39"/>
        <source>Space</source>
        <translation>空格键</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="40"/>
        <source>Play or pause a lesson</source>
        <translation>播放或暂停课程</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="104"/>
        <source>Teaching view</source>
        <translation>教学视图</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="195"/>
        <source>◀ Back</source>
        <extracomment>Whether the view plays as an animation that can be exported as GIF or MP4 (:mod:`app.teaching.animation_export`).</extracomment>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="196"/>
        <location filename="../../app/teaching/base.py" line="218"/>
        <source>▶ Play</source>
        <translation>▶ 播放</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="197"/>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="204"/>
        <source> steps/s</source>
        <translation> 步/秒</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="206"/>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="216"/>
        <source>⏸ Pause</source>
        <translation>⏸ 暂停</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="261"/>
        <source>Export as .png or .svg, not {suffix}.</source>
        <translation>只能导出为 .png 或 .svg，不能是 {suffix}。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="266"/>
        <source>Export as .png or .svg: {name} has no suffix.</source>
        <translation>只能导出为 .png 或 .svg：{name} 没有扩展名。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="274"/>
        <source>Could not write {path}.</source>
        <translation>无法写入 {path}。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/base.py" line="282"/>
        <source>Exported from BPE Explorer</source>
        <translation>由 BPE Explorer 导出</translation>
    </message>
    <message>
        <location filename="../../app/teaching/classic_view.py" line="64"/>
        <source>Classic BPE</source>
        <translation>经典 BPE</translation>
    </message>
    <message>
        <location filename="../../app/teaching/encode_animation.py" line="51"/>
        <source>Encode animation</source>
        <translation>编码动画</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="82"/>
        <source>Merge tree</source>
        <translation>合并树</translation>
    </message>
    <message>
        <location filename="../../app/teaching/pretok_view.py" line="81"/>
        <source>Pre-tokenization</source>
        <extracomment>How the published patterns are named above their cuts of the sample.</extracomment>
        <translation>预分词</translation>
    </message>
    <message>
        <location filename="../../app/teaching/step_through.py" line="67"/>
        <source>Step through</source>
        <extracomment>The classic walk-throughs, offered in the input box. The pair-count chart&apos;s pairs, and at slide size (fewer: each label is larger). The sequence box&apos;s least width, and its least beside the playing controls: a window made narrower (once wider, or after an export at slide size) moves them to a row of their own before the box is that narrow. A splitter&apos;s share that is all there is: the other part gets its least height.</extracomment>
        <translation>逐步演示</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="47"/>
        <source>Vocabulary slider</source>
        <extracomment>Seconds of encoding for the curve per turn of the event loop.</extracomment>
        <translation>词表滑块</translation>
    </message>
    <message>
        <location filename="../../app/teaching/animation_export.py" line="158"/>
        <source>Export an animation as .gif or .mp4, not {suffix}.</source>
        <extracomment>720p: sharp on a projector, and a multiple of 16 both ways (what H.264 encoders want). The fastest pace of an export at the view&apos;s own pace (viewers show faster GIF frames slower, or at 10 a second). How long a GIF shows its last frame (at least), so that the end can be read before the loop starts over. Room kept around what moves when a GIF is cropped.</extracomment>
        <translation>动画请导出为 .gif 或 .mp4，而不是 {suffix}。</translation>
    </message>
    <message>
        <location filename="../../app/teaching/quiz_view.py" line="48"/>
        <source>Quiz: next merge</source>
        <translation>测验：下一次合并</translation>
    </message>
    <message>
        <location filename="../../app/teaching/regex_view.py" line="201"/>
        <source>Regex at work</source>
        <translation>正则表达式如何切分</translation>
    </message>
    <message>
        <location filename="../../app/teaching/replay_view.py" line="37"/>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
</context>
<context>
    <name>TeachingWindow</name>
    <message>
        <location filename="../../app/teaching/window.py" line="80"/>
        <source>BPE Explorer — Teach</source>
        <extracomment>The point size of the toolbar and the tabs&apos; names, in presentation mode (the largest the tabs take) and out of it. The reference encodings offered beside the current tokenizer. The views that show the chosen tokenizer: only they wait while it is made ready (the others stay usable).</extracomment>
        <translation>BPE Explorer — 教学</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="82"/>
        <location filename="../../app/teaching/window.py" line="203"/>
        <source>current tokenizer</source>
        <translation>当前分词器</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="130"/>
        <source>Teach</source>
        <translation>教学</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="132"/>
        <source> Tokenizer </source>
        <translation> 分词器 </translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="134"/>
        <source> Text </source>
        <translation> 文本 </translation>
    </message>
    <message>
        <location filename="../../app/teaching/window_actions.py" line="15"/>
        <source>Presentation mode</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window_actions.py" line="18"/>
        <source>Large fonts for a projector; ← → step, space plays (F5)</source>
        <translation>投影用的大字体；← → 单步，空格键播放（F5）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window_actions.py" line="20"/>
        <source>Full screen</source>
        <translation>全屏</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window_actions.py" line="22"/>
        <source>Export view…</source>
        <translation>导出视图…</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="170"/>
        <source>tiktoken {name}</source>
        <translation>tiktoken {name}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="217"/>
        <source>Training corpus: {start}</source>
        <translation>训练语料：{start}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="221"/>
        <source>Compare text: {start}</source>
        <translation>对比页文本：{start}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="223"/>
        <source>English samples</source>
        <translation>英文示例</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="301"/>
        <source> Loading {name}… </source>
        <translation> 正在加载 {name}… </translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="330"/>
        <source>Cannot load encoding</source>
        <translation>无法加载编码</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="331"/>
        <source>{name} could not be loaded: {error}</source>
        <translation>无法加载 {name}：{error}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window.py" line="356"/>
        <source>The animation traces our engine&apos;s BPE; this tokenizer is encoded by its own library</source>
        <translation>编码动画追踪的是本程序引擎的 BPE；这个分词器由它自己的库编码</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window_export.py" line="28"/>
        <source>Animated GIF (*.gif);;MP4 video (*.mp4)</source>
        <translation>GIF 动画 (*.gif);;MP4 视频 (*.mp4)</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window_export.py" line="30"/>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window_export.py" line="26"/>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window_actions.py" line="25"/>
        <source>Save the current view as PNG or SVG, or its animation as GIF or MP4, for slides</source>
        <translation>将当前视图保存为 PNG 或 SVG，或将其动画保存为 GIF 或 MP4，用于幻灯片</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window_actions.py" line="29"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../app/teaching/window_export.py" line="45"/>
        <location filename="../../app/teaching/window_export.py" line="92"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
</context>
<context>
    <name>VocabSliderView</name>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="64"/>
        <source> merges per step</source>
        <translation> 次合并/步</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="66"/>
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
        <location filename="../../app/teaching/vocab_slider.py" line="166"/>
        <source>Merge {k}, the last in the vocabulary at this size: &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; — used in this text (in green)</source>
        <translation>第 {k} 次合并，即当前大小词表的最后一次：&lt;b&gt;{left} + {right} → {token}&lt;/b&gt;——本文本用到了它（绿色）</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="171"/>
        <source>Merge {k}, the last in the vocabulary at this size: &lt;b&gt;{left} + {right} → {token}&lt;/b&gt; — not used in this text</source>
        <translation>第 {k} 次合并，即当前大小词表的最后一次：&lt;b&gt;{left} + {right} → {token}&lt;/b&gt;——本文本没有用到它</translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="183"/>
        <source>No merges: every byte is a token.</source>
        <translation>没有合并：每个字节都是一个词元。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/vocab_slider.py" line="185"/>
        <source>k = {k} of {total} merges · the model has {vocab} tokens</source>
        <translation>
            <numerusform>k = {k}，共 {total} 次合并 · 模型共有 {vocab} 个词元</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/vocab_slider.py" line="188"/>
        <source>k = {k} of {total} merges · vocabulary {vocab}</source>
        <translation>
            <numerusform>k = {k}，共 {total} 次合并 · 词表大小 {vocab}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/teaching/vocab_slider.py" line="195"/>
        <source>{tokens} tokens · {chars} characters per token · {bytes} bytes per token</source>
        <translation>
            <numerusform>{tokens} 个词元 · 每个词元 {chars} 个字符 · 每个词元 {bytes} 个字节</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/teaching/vocab_slider.py" line="200"/>
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
        <location filename="../../app/teaching/merge_tree_drawing.py" line="44"/>
        <source>#{id} · special</source>
        <translation>#{id} · 特殊词元</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_drawing.py" line="47"/>
        <source>#{id} · byte 0x{byte}</source>
        <translation>#{id} · 字节 0x{byte}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_drawing.py" line="52"/>
        <source>#{id} · no merge</source>
        <translation>#{id} · 非合并所得</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_drawing.py" line="55"/>
        <source>removed · merge {number}</source>
        <translation>已移除 · 第 {number} 次合并</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_drawing.py" line="61"/>
        <source>#{id} · merge {number}</source>
        <translation>#{id} · 第 {number} 次合并</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_drawing.py" line="66"/>
        <source>count {count}</source>
        <translation>频次 {count}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/merge_tree_view.py" line="73"/>
        <source>{name} is a {model} model: it has no merges, so no merge trees and no vocabulary slider.</source>
        <extracomment>A small tree is enlarged to fill the view, up to this many times its drawn size. A big tree is shrunk to fit the view down to this scale, and scrolls beyond it (its text stays readable).</extracomment>
        <translation>{name} 是 {model} 模型：它没有合并规则，因此没有合并树，也不能使用词表滑块。</translation>
    </message>
</context>
<context>
    <name>token_chips</name>
    <message>
        <location filename="../../app/teaching/token_chips.py" line="21"/>
        <source>id {id}</source>
        <translation>ID {id}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/token_chips.py" line="22"/>
        <source>bytes {hex}</source>
        <translation>字节 {hex}</translation>
    </message>
    <message>
        <location filename="../../app/teaching/token_chips.py" line="26"/>
        <source>{part}: bytes {first}-{last} of {length}</source>
        <translation>{part}：共 {length} 个字节中的第 {first}-{last} 个</translation>
    </message>
    <message>
        <location filename="../../app/teaching/token_chips.py" line="32"/>
        <source>special token</source>
        <translation>特殊词元</translation>
    </message>
</context>
</TS>
