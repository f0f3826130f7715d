<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AuditPanel</name>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="56"/>
        <source>No usage counts</source>
        <extracomment>The audit is written as .csv or .json: another suffix is a ValueError, said as a file not written.</extracomment>
        <translation>不统计使用次数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="57"/>
        <source>Usage in the Compare tab&apos;s text</source>
        <translation>统计“对比”页文本中的使用次数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="58"/>
        <source>Usage in a file…</source>
        <translation>统计某个文件中的使用次数…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="60"/>
        <source>Audit</source>
        <translation>审查</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="64"/>
        <source>Audit the vocabulary shown: which tokens no text produces, and which a text never uses.</source>
        <translation>审查当前词表：哪些词元任何文本都编码不出来，哪些词元在某段文本中从未用到。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="73"/>
        <source>Press Audit to list the tokens no text produces.</source>
        <translation>点击“审查”，列出任何文本都不会产生的词元。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="74"/>
        <source>Usage by rank (Zipf)</source>
        <translation>按名次的使用次数（齐普夫分布）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="76"/>
        <source>usage rank</source>
        <translation>使用名次</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="77"/>
        <source>times used</source>
        <translation>使用次数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="88"/>
        <source>Tokens shown:</source>
        <translation>显示的词元：</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="142"/>
        <source>Re-encoding every token of {name}…</source>
        <translation>正在重新编码 {name} 的每个词元…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="149"/>
        <source>Text to count token usage in</source>
        <translation>选择统计词元使用次数的文本</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="149"/>
        <source>Text (*.txt);;All files (*)</source>
        <translation>文本 (*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="159"/>
        <source>Usage in {file}</source>
        <translation>统计 {file} 中的使用次数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="162"/>
        <source>Audit cancelled.</source>
        <translation>审查已取消。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="165"/>
        <source>The audit failed: {error}</source>
        <translation>审查失败：{error}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="172"/>
        <source>{name}: {tokens:,} tokens; {unreachable:,} unreachable (their text encodes otherwise), {partial:,} partial UTF-8 alone, {duplicates:,} byte strings held by several IDs.</source>
        <translation>{name}：共 {tokens:,} 个词元；{unreachable:,} 个不可达（其文本会被编码成别的词元），{partial:,} 个单独成为不完整的 UTF-8，{duplicates:,} 个字节串对应多个 ID。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="177"/>
        <source>{name}: {tokens:,} tokens; {unreachable:,} unreachable (their text encodes otherwise), {partial:,} partial UTF-8 alone, {duplicates:,} byte strings held by several IDs; {unused:,} tokens unused in the text.</source>
        <translation>{name}：共 {tokens:,} 个词元；{unreachable:,} 个不可达（其文本会被编码成别的词元），{partial:,} 个单独成为不完整的 UTF-8，{duplicates:,} 个字节串对应多个 ID；文本中有 {unused:,} 个词元从未用到。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="194"/>
        <source>Unreachable ({count:,})</source>
        <translation>不可达（{count:,}）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="195"/>
        <source>Partial UTF-8 ({count:,})</source>
        <translation>不完整的 UTF-8（{count:,}）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="196"/>
        <source>Duplicates ({count:,} groups)</source>
        <translation>重复（{count:,} 组）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="197"/>
        <source>Unused ({count:,})</source>
        <translation>未使用（{count:,}）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="204"/>
        <source>No token of this kind.</source>
        <translation>没有这类词元。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="214"/>
        <source>Choose a text to count usage in, then press Audit: the plot shows how often each token is used.</source>
        <translation>选择用来统计使用次数的文本，然后点击“审查”：图中显示每个词元被使用的次数。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="241"/>
        <source>Export the audit</source>
        <translation>导出审查结果</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/audit_panel.py" line="241"/>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
</context>
<context>
    <name>BoardPanel</name>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="92"/>
        <location filename="../../app/vocabulary/board_panel.py" line="133"/>
        <source>Tokens</source>
        <extracomment>Characters of the worst-served language&apos;s file shown as tokens. Worker processes the board starts (one per tokenizer at a time). (run, index, count, BoardRow): row ``index`` of ``count`` measured by run number ``run`` (rows of an earlier run are not shown)</extracomment>
        <translation>词元数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="93"/>
        <source>Bytes per token</source>
        <translation>每词元字节数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="94"/>
        <source>Characters per token</source>
        <translation>每词元字符数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="95"/>
        <source>Tokens per word</source>
        <translation>每词词元数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="96"/>
        <source>Vocabulary used</source>
        <translation>用到的词表词元</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="97"/>
        <source>Share of the vocabulary used</source>
        <translation>词表使用比例</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="98"/>
        <source>Rényi efficiency</source>
        <translation>Rényi 效率</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="99"/>
        <source>Partial UTF-8 or byte-fallback tokens</source>
        <translation>不完整 UTF-8 或字节回退词元</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="100"/>
        <source>Gini of the language premiums</source>
        <translation>各语言溢价的基尼系数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="102"/>
        <source>Corpus files…</source>
        <translation>语料文件…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="107"/>
        <source>The language the premiums are measured against</source>
        <translation>计算溢价时作为参照的语言</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="108"/>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="117"/>
        <source>Choose the corpus files (one file per language, named en.txt, zh.txt, …), then press Measure: every tokenizer in play is measured on them.</source>
        <translation>选择语料文件（每种语言一个文件，命名为 en.txt、zh.txt 等），然后点击“测量”：当前所有分词器都会在这些文件上测量。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="136"/>
        <source>Measure the corpus to compare the tokenizers here.</source>
        <translation>测量语料后，这里会比较各分词器。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="138"/>
        <source>Tokens of the worst-served language</source>
        <translation>最吃亏语言的词元</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="144"/>
        <source>Rényi efficiency (α = 2.5) is how evenly the corpus uses the vocabulary: 1 is every token equally often. Zouhar et al. (2023, “Tokenization and the Noiseless Channel”) found it predicts translation quality; it predicts some downstream results and not others (Cognetta et al., 2024; Schmidt et al., 2024, “Tokenization Is More Than Compression”): read it beside the other measures. The premium of a language is its tokens per character over the reference language&apos;s; words are cut as in the X-ray (rjieba for Chinese).</source>
        <translation>Rényi 效率（α = 2.5）衡量语料使用词表的均匀程度：1 表示每个词元出现得一样频繁。Zouhar 等人（2023，“Tokenization and the Noiseless Channel”）发现它能预测翻译质量；但它只能预测部分下游结果，不能预测另一些（Cognetta 等人，2024；Schmidt 等人，2024，“Tokenization Is More Than Compression”）：请与其他指标一起看。一种语言的溢价是它的每字符词元数与参照语言之比；词的切分与“透视”页相同（中文用 rjieba）。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="157"/>
        <source>Reference language:</source>
        <translation>参照语言：</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="162"/>
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="180"/>
        <source>Corpus files</source>
        <translation>语料文件</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="180"/>
        <source>Text (*.txt);;All files (*)</source>
        <translation>文本 (*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="196"/>
        <source>Corpus: {files}. Press Measure.</source>
        <translation>语料：{files}。请点击“测量”。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="222"/>
        <source>Encoding the corpus with {count} tokenizers…</source>
        <translation>正在用 {count} 个分词器编码语料…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/board_panel.py" line="236"/>
        <source>{done} of {count} tokenizers measured; encoding the corpus with the others…</source>
        <translation>
            <numerusform>已测完 {done}/{count} 个分词器；正在用其余分词器编码语料…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/board_panel.py" line="252"/>
        <source>The board was cancelled; {done} of {count} tokenizers were measured (shown).</source>
        <translation>
            <numerusform>评测榜已取消；{count} 个分词器中已测完 {done} 个（已显示）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="254"/>
        <source>The board was cancelled.</source>
        <translation>评测榜已取消。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="257"/>
        <source>The board was not made: {error}</source>
        <translation>未能生成评测榜：{error}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/board_panel.py" line="267"/>
        <source>{files} files, {size}, {words:,} words (cut by {segmenters}); premiums over {reference}.</source>
        <translation>
            <numerusform>{files} 个文件，{size}，{words:,} 个词（由 {segmenters} 切分）；溢价以 {reference} 为参照。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="288"/>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="291"/>
        <source>{language} tokens per character</source>
        <translation>{language} 每字符词元数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="292"/>
        <source>{language} premium</source>
        <translation>{language} 溢价</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="294"/>
        <source>Worst-served language</source>
        <translation>最吃亏的语言</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="349"/>
        <source>Tokens of {language} ({tokenizer})</source>
        <translation>{language} 的词元（{tokenizer}）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="374"/>
        <source>{language}: the first {chars:,} characters under {tokenizer}</source>
        <translation>{language}：{tokenizer} 切分的前 {chars:,} 个字符</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="393"/>
        <source>Export the board</source>
        <translation>导出评测榜</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="395"/>
        <source>CSV (*.csv);;HTML page (*.html);;PNG image of the chart (*.png);;SVG image of the chart (*.svg)</source>
        <translation>CSV (*.csv);;HTML 页面 (*.html);;图表 PNG 图片 (*.png);;图表 SVG 图片 (*.svg)</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="404"/>
        <source>Corpus</source>
        <translation>语料</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="404"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/board_panel.py" line="419"/>
        <source>Export the board as .csv, .html, .png or .svg, not “{suffix}”.</source>
        <translation>评测榜只能导出为 .csv、.html、.png 或 .svg，不能是“{suffix}”。</translation>
    </message>
</context>
<context>
    <name>BrowsePanel</name>
    <message>
        <location filename="../../app/vocabulary/browse_panel.py" line="73"/>
        <source>Scripts</source>
        <translation>文字</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/browse_panel.py" line="74"/>
        <source>Lengths</source>
        <translation>长度</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/browse_panel.py" line="75"/>
        <source>Script:</source>
        <translation>文字：</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/browse_panel.py" line="75"/>
        <source>By merge</source>
        <translation>按合并序号</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/browse_panel.py" line="76"/>
        <source>Longest tokens of</source>
        <translation>查看最长词元的文字：</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/browse_panel.py" line="77"/>
        <source>Longest</source>
        <translation>最长词元</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/browse_panel.py" line="101"/>
        <source>, </source>
        <comment>between the parts of a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/browse_panel.py" line="102"/>
        <source>{part} {count:,}</source>
        <translation>{part} {count:,}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/browse_panel.py" line="105"/>
        <source>{other} ({count:,} tokens): {parts}.</source>
        <translation>{other}（{count:,} 个词元）：{parts}。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/browse_panel.py" line="131"/>
        <source>No token matches these filters: loosen one (the script, the length, the text).</source>
        <translation>没有词元符合这些筛选条件：请放宽其中一个（文字、长度或文本）。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/browse_panel.py" line="180"/>
        <source>{shown:,} of {total:,} tokens</source>
        <translation>
            <numerusform>显示 {shown:,} / {total:,} 个词元</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <location filename="../../app/vocabulary/filter_bar.py" line="27"/>
        <source>Text in the token (␣ for a space)</source>
        <translation>词元中的文本（␣ 表示空格）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/filter_bar.py" line="32"/>
        <source>Regex, e.g. ^␣?\p{Han}{4,}</source>
        <translation>正则表达式，例如 ^␣?\p{Han}{4,}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/filter_bar.py" line="36"/>
        <source>Every script</source>
        <translation>所有文字</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/filter_bar.py" line="42"/>
        <source>any</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/filter_bar.py" line="44"/>
        <source>characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/filter_bar.py" line="45"/>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/filter_bar.py" line="48"/>
        <source>with or without a leading space</source>
        <translation>有无前导空格均可</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/filter_bar.py" line="49"/>
        <source>begins with a space</source>
        <translation>以空格开头</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/filter_bar.py" line="50"/>
        <source>no leading space</source>
        <translation>无前导空格</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/filter_bar.py" line="57"/>
        <source>length from</source>
        <translation>长度从</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/filter_bar.py" line="59"/>
        <source>to</source>
        <translation>到</translation>
    </message>
</context>
<context>
    <name>LengthChart</name>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="88"/>
        <source>Token length per script</source>
        <translation>各文字的词元长度</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="91"/>
        <source>length (characters)</source>
        <translation>长度（字符）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="92"/>
        <source>tokens</source>
        <translation>词元数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="104"/>
        <source>Pick a vocabulary at the top of the tab to see how long its tokens are.</source>
        <translation>在本页顶部选择一个词表，查看它的词元有多长。</translation>
    </message>
</context>
<context>
    <name>NumbersPanel</name>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="80"/>
        <source>Cut the numbers</source>
        <extracomment>The spin boxes&apos; bounds (a Qt spin box holds a 32-bit int); the engine bounds the span (:data:`MAX_NUMBERS`). The colours of the heat map: no digit there, then from one digit to the largest group (yellow, green, blue).</extracomment>
        <translation>切分这些数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="83"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="91"/>
        <source>At most {most} numbers at once</source>
        <translation>一次最多 {most} 个数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="92"/>
        <source>Digits in the token that holds each digit</source>
        <translation>每一位数字所在词元含几位数字</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="93"/>
        <source>place of the digit in the number (first digit on the left)</source>
        <translation>数字在数中的位置（左边是第一位）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="101"/>
        <source>Press “Cut the numbers” to see how each tokenizer groups the digits of 0 to 9,999.</source>
        <translation>点击“切分这些数”，查看每个分词器如何给 0 到 9,999 的数字分组。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="126"/>
        <source>From</source>
        <translation>从</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="128"/>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="143"/>
        <source>Rules and cuts</source>
        <translation>规则与切法</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="144"/>
        <source>Why the grouping matters</source>
        <translation>分组方式为什么重要</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="166"/>
        <source>Cutting the numbers {first} to {last}…</source>
        <translation>正在切分从 {first} 到 {last} 的数…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="170"/>
        <source>Cancelled: the numbers shown are the last ones cut.</source>
        <translation>已取消：显示的是上一次切分的结果。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="173"/>
        <source>Numbers not cut: {error}</source>
        <translation>未能切分这些数：{error}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="181"/>
        <source>{tokenizer}: {rule}</source>
        <comment>a tokenizer and how it cuts numbers</comment>
        <translation>{tokenizer}：{rule}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="193"/>
        <source>No tokenizer could cut the numbers.</source>
        <translation>没有分词器能切分这些数。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="196"/>
        <source>The numbers {first} to {last}, as each tokenizer cuts them.</source>
        <translation>从 {first} 到 {last} 的数，以及每个分词器的切法。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="200"/>
        <source>{name} could not be loaded: {error}</source>
        <translation>无法加载 {name}：{error}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="210"/>
        <source>{digits}-digit numbers: most common cut</source>
        <translation>{digits} 位数：最常见的切法</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="213"/>
        <source>numbers in an unusual number of tokens</source>
        <translation>词元数不寻常的数</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/numbers_panel.py" line="241"/>
        <source>{number} ({cut}): {tokens} tokens, usually {usual}</source>
        <translation>
            <numerusform>{number}（{cut}）：{tokens} 个词元，通常是 {usual} 个</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="246"/>
        <source>Every number has the usual number of tokens for its length.</source>
        <translation>每个数的词元数都与同样位数的数相同。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="265"/>
        <source>No number was cut.</source>
        <translation>没有切分任何数。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="293"/>
        <source>digit {place}</source>
        <translation>第 {place} 位</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="279"/>
        <source>{tokenizer} · {digits}</source>
        <translation>{tokenizer} · {digits} 位</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="96"/>
        <source>tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="97"/>
        <source>digits in the number</source>
        <translation>数的位数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="321"/>
        <source>{size}-digit token</source>
        <translation>{size} 位数字的词元</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="336"/>
        <source>{tokenizer}, numbers of {digits} digits, digit {place}: in a token of {size} digits on average
Most common cuts (digits per token):
{cuts}</source>
        <translation>{tokenizer}，{digits} 位数，第 {place} 位：所在词元平均含 {size} 位数字
最常见的切法（每个词元的位数）：
{cuts}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="361"/>
        <source>Export the numbers</source>
        <translation>导出数字切分</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="361"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="367"/>
        <source>a tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="367"/>
        <source>the CSV</source>
        <translation>CSV 文件</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="373"/>
        <source>How a tokenizer groups digits changes how well a model computes with them. Singh &amp; Strouse (2024, “Tokenization counts: the impact of tokenization on arithmetic in frontier LLMs”) found that GPT-3.5 and GPT-4, whose cl100k tokenizer groups digits by three from the left, add numbers markedly better when the digits are grouped by three from the right (forced with commas: 1,234,567), and that their errors under left-to-right grouping follow a pattern, worst when the answer has more digits than the numbers added. From the right, the groups line up by place value (units, thousands, millions) in every number and in the answer, as in column addition; from the left they shift with the number&apos;s length (1234 is 123|4, 12345 is 123|45). Single digits (Llama 2, DeepSeek) avoid the problem at the cost of more tokens per number; GPT-2&apos;s merges cut numbers by whatever its corpus held, so similar numbers may be cut differently.</source>
        <translation>分词器如何给数字分组，会影响模型用这些数计算的准确度。Singh &amp; Strouse（2024，“Tokenization counts: the impact of tokenization on arithmetic in frontier LLMs”）发现：GPT-3.5 和 GPT-4 的 cl100k 分词器从左往右每三位分一组；若改为从右往左每三位一组（用逗号强制：1,234,567），它们做加法明显更准；而从左往右分组时出的错有规律可循，答案比加数位数多时最严重。从右往左分组时，每个数和答案里的各组都按数位（个、千、百万）对齐，就像竖式加法；从左往右分组时，各组的位置随数的长度而变（1234 是 123|4，12345 是 123|45）。逐位切分（Llama 2、DeepSeek）避免了这个问题，代价是每个数要用更多词元；GPT-2 的合并取决于它的语料里有什么，所以相近的数可能切法不同。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="414"/>
        <source>long number</source>
        <translation>长数字</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="415"/>
        <source>decimal</source>
        <translation>小数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="416"/>
        <source>date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="417"/>
        <source>separators</source>
        <translation>分隔符</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/numbers_panel.py" line="418"/>
        <source>in a sentence</source>
        <translation>句中</translation>
    </message>
</context>
<context>
    <name>OverlapPanel</name>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="47"/>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="50"/>
        <source>Pick two vocabularies and press Compare.</source>
        <translation>选择两个词表，然后点击“对比”。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="57"/>
        <source>Script</source>
        <translation>文字</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="57"/>
        <source>Shared</source>
        <translation>共有</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="57"/>
        <source>Only A</source>
        <translation>仅 A</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="57"/>
        <source>Only B</source>
        <translation>仅 B</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="69"/>
        <source>Only in A</source>
        <translation>仅在 A 中</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="69"/>
        <source>Only in B</source>
        <translation>仅在 B 中</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="71"/>
        <source>Press Compare to count the tokens A and B share, script by script.</source>
        <translation>点击“对比”，按文字统计 A 和 B 共有的词元。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="72"/>
        <source>Press Compare to list the tokens only A has.</source>
        <translation>点击“对比”，列出只有 A 才有的词元。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="73"/>
        <source>Press Compare to list the tokens only B has.</source>
        <translation>点击“对比”，列出只有 B 才有的词元。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="77"/>
        <source>A:</source>
        <translation>A：</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="79"/>
        <source>B:</source>
        <translation>B：</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="131"/>
        <source>Comparing {a} with {b}…</source>
        <translation>正在对比 {a} 与 {b}…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="146"/>
        <source>&lt;b&gt;{a}&lt;/b&gt; vs &lt;b&gt;{b}&lt;/b&gt;: {shared:,} shared tokens, {only_a:,} only in “{a}”, {only_b:,} only in “{b}”; Jaccard {jaccard:.3f}. Shared tokens made by a merge in both: {merged:,}.</source>
        <translation>&lt;b&gt;{a}&lt;/b&gt; 对比 &lt;b&gt;{b}&lt;/b&gt;：共有词元 {shared:,} 个，仅在“{a}”中 {only_a:,} 个，仅在“{b}”中 {only_b:,} 个；Jaccard 系数 {jaccard:.3f}。共有词元中在两边都由合并产生的：{merged:,} 个。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/overlap_panel.py" line="168"/>
        <location filename="../../app/vocabulary/overlap_panel.py" line="169"/>
        <source>Only in “{name}”: {count:,} tokens</source>
        <translation>
            <numerusform>仅在“{name}”中：{count:,} 个词元</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/overlap_panel.py" line="178"/>
        <source>The overlap could not be computed: {error}</source>
        <translation>无法计算重合：{error}</translation>
    </message>
</context>
<context>
    <name>ParallelText</name>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="36"/>
        <source>Universal Declaration of Human Rights, Article 1</source>
        <extracomment>The built-in passage&apos;s title and language names, translated when shown (a parallel-text file&apos;s own are shown as written).</extracomment>
        <translation>《世界人权宣言》第一条</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="37"/>
        <source>English</source>
        <translation>英语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="38"/>
        <source>Chinese (Simplified)</source>
        <translation>简体中文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="39"/>
        <source>Japanese</source>
        <translation>日语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="40"/>
        <source>Korean</source>
        <translation>韩语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="41"/>
        <source>Arabic</source>
        <translation>阿拉伯语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="42"/>
        <source>Hindi</source>
        <translation>印地语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="43"/>
        <source>Russian</source>
        <translation>俄语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="44"/>
        <source>French</source>
        <translation>法语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="45"/>
        <source>Spanish</source>
        <translation>西班牙语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="46"/>
        <source>German</source>
        <translation>德语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="47"/>
        <source>Portuguese</source>
        <translation>葡萄牙语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="48"/>
        <source>Turkish</source>
        <translation>土耳其语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="49"/>
        <source>Polish</source>
        <translation>波兰语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="50"/>
        <source>Indonesian</source>
        <translation>印尼语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="51"/>
        <source>Greek</source>
        <translation>希腊语</translation>
    </message>
</context>
<context>
    <name>ParityChart</name>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="60"/>
        <source>en</source>
        <extracomment>The chart&apos;s tick under each language of the built-in passage: its code in English (15 groups of bars leave room for no more), its name in Chinese, whose readers do not read language codes (英语, 中文…). A file&apos;s own codes are shown as written.</extracomment>
        <translation>英语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="61"/>
        <source>zh</source>
        <translation>中文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="62"/>
        <source>ja</source>
        <translation>日语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="63"/>
        <source>ko</source>
        <translation>韩语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="64"/>
        <source>ar</source>
        <translation>阿拉伯语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="65"/>
        <source>hi</source>
        <translation>印地语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="66"/>
        <source>ru</source>
        <translation>俄语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="67"/>
        <source>fr</source>
        <translation>法语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="68"/>
        <source>es</source>
        <translation>西班牙语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="69"/>
        <source>de</source>
        <translation>德语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="70"/>
        <source>pt</source>
        <translation>葡萄牙语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="71"/>
        <source>tr</source>
        <translation>土耳其语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="72"/>
        <source>pl</source>
        <translation>波兰语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="73"/>
        <source>id</source>
        <translation>印尼语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="74"/>
        <source>el</source>
        <translation>希腊语</translation>
    </message>
</context>
<context>
    <name>ParityPanel</name>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="93"/>
        <source>Measure</source>
        <extracomment>The status line keeps naming the passage after an export.</extracomment>
        <translation>测量</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="96"/>
        <source>Parallel text…</source>
        <translation>平行文本…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="98"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="104"/>
        <source>Premium over English (tokens for the same text)</source>
        <translation>相对英语的词元溢价（同一段文本的词元数）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="106"/>
        <source>× English</source>
        <translation>× 英语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="111"/>
        <source>Press Measure to see how many more tokens each language needs than English, per tokenizer.</source>
        <translation>点击“测量”，按分词器查看每种语言比英语多需要多少词元。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="130"/>
        <source>{title}: {languages} languages (hover for its source and licence)</source>
        <translation>{title}：{languages} 种语言（鼠标悬停可查看出处与许可）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="138"/>
        <source>Parallel text</source>
        <translation>平行文本</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="138"/>
        <source>Parallel text (*.json)</source>
        <translation>平行文本 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="146"/>
        <source>Cannot read the parallel text</source>
        <translation>无法读取平行文本</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="159"/>
        <source>Parity not measured: {error}</source>
        <translation>未能测量语言公平性：{error}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="171"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="174"/>
        <source>{tokenizer} tokens</source>
        <translation>{tokenizer} 词元数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="175"/>
        <source>{tokenizer} tok/char</source>
        <translation>{tokenizer} 词元/字符</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="176"/>
        <source>{tokenizer} × en</source>
        <translation>{tokenizer} × 英语</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="184"/>
        <source>{language} ({code})</source>
        <translation>{language}（{code}）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="224"/>
        <source>Export language parity</source>
        <translation>导出语言公平性</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/parity_panel.py" line="224"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
</context>
<context>
    <name>RankShareChart</name>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="126"/>
        <source>share (%)</source>
        <translation>占比（%）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="121"/>
        <source>Share by merge</source>
        <translation>按合并序号的占比</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="124"/>
        <source>merge</source>
        <translation>合并序号</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="139"/>
        <source>Share by merge: no merges</source>
        <translation>按合并序号的占比：没有合并</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="141"/>
        <source>No token of this vocabulary was made by a merge: pick ours after training, or a reference.</source>
        <translation>这个词表中没有通过合并生成的词元：请在训练后选择我们的分词器，或选择一个参考编码。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="151"/>
        <source>{script} share per {merges:,} merges</source>
        <translation>{script}在每 {merges:,} 次合并中的占比</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="156"/>
        <source>No merge made a {script} token: pick another script above.</source>
        <translation>没有任何合并产生{script}词元：请在上方另选一种文字。</translation>
    </message>
</context>
<context>
    <name>ScriptCountsChart</name>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="47"/>
        <source>Tokens per script</source>
        <extracomment>Curves drawn on the length chart: the script classes with the most tokens. One brush for every bar of a bar chart (a brush per bar is slow in pyqtgraph).</extracomment>
        <translation>各文字的词元数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="49"/>
        <source>tokens</source>
        <translation>词元数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/charts.py" line="73"/>
        <source>Pick a vocabulary at the top of the tab to see how many tokens each script has.</source>
        <translation>在本页顶部选择一个词表，查看每种文字有多少词元。</translation>
    </message>
</context>
<context>
    <name>Scripts</name>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="38"/>
        <source>Han</source>
        <extracomment>The engine&apos;s script classes as the user reads them (:func:`script_label`).</extracomment>
        <translation>汉字</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="39"/>
        <source>Hangul</source>
        <translation>韩文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="40"/>
        <source>Kana</source>
        <translation>假名</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="41"/>
        <source>Latin</source>
        <translation>拉丁字母</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="42"/>
        <source>Cyrillic</source>
        <translation>西里尔字母</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="43"/>
        <source>Arabic</source>
        <translation>阿拉伯字母</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="44"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="45"/>
        <source>digits</source>
        <translation>数字</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="46"/>
        <source>whitespace</source>
        <translation>空白</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="47"/>
        <source>punctuation</source>
        <translation>标点</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="48"/>
        <source>symbol/emoji</source>
        <translation>符号/表情</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="49"/>
        <source>mixed</source>
        <translation>混合</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="50"/>
        <source>partial UTF-8</source>
        <translation>不完整的 UTF-8</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="51"/>
        <source>special</source>
        <translation>特殊词元</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="56"/>
        <source>Greek</source>
        <extracomment>The parts of the &quot;other&quot; class (:mod:`bpe_core.vocabulary.other_scripts`) as the user reads them.</extracomment>
        <translation>希腊字母</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="57"/>
        <source>Coptic</source>
        <translation>科普特字母</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="58"/>
        <source>Armenian</source>
        <translation>亚美尼亚字母</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="59"/>
        <source>Hebrew</source>
        <translation>希伯来字母</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="60"/>
        <source>Syriac</source>
        <translation>叙利亚字母</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="61"/>
        <source>Thaana</source>
        <translation>它拿字母</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="62"/>
        <source>Nko</source>
        <translation>西非书面字母（N&apos;Ko）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="63"/>
        <source>Devanagari</source>
        <translation>天城文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="64"/>
        <source>Bengali</source>
        <translation>孟加拉文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="65"/>
        <source>Gurmukhi</source>
        <translation>古木基文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="66"/>
        <source>Gujarati</source>
        <translation>古吉拉特文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="67"/>
        <source>Oriya</source>
        <translation>奥里亚文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="68"/>
        <source>Tamil</source>
        <translation>泰米尔文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="69"/>
        <source>Telugu</source>
        <translation>泰卢固文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="70"/>
        <source>Kannada</source>
        <translation>卡纳达文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="71"/>
        <source>Malayalam</source>
        <translation>马拉雅拉姆文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="72"/>
        <source>Sinhala</source>
        <translation>僧伽罗文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="73"/>
        <source>Thai</source>
        <translation>泰文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="74"/>
        <source>Lao</source>
        <translation>老挝文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="75"/>
        <source>Tibetan</source>
        <translation>藏文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="76"/>
        <source>Myanmar</source>
        <translation>缅甸文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="77"/>
        <source>Georgian</source>
        <translation>格鲁吉亚字母</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="78"/>
        <source>Ethiopic</source>
        <translation>埃塞俄比亚文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="79"/>
        <source>Cherokee</source>
        <translation>切罗基文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="80"/>
        <source>Khmer</source>
        <translation>高棉文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="81"/>
        <source>Mongolian</source>
        <translation>蒙古文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="82"/>
        <source>Bopomofo</source>
        <translation>注音符号</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="83"/>
        <source>Yi</source>
        <translation>彝文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="84"/>
        <source>Tifinagh</source>
        <translation>提非纳文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="85"/>
        <source>Javanese</source>
        <translation>爪哇文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="86"/>
        <source>another script</source>
        <translation>另一种文字</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="87"/>
        <source>several scripts</source>
        <translation>多种文字</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="88"/>
        <source>control/format</source>
        <translation>控制/格式字符</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="89"/>
        <source>marks only</source>
        <translation>仅组合符号</translation>
    </message>
</context>
<context>
    <name>Segmenters</name>
    <message>
        <location filename="../../app/vocabulary/segmenter_names.py" line="16"/>
        <source>Unicode word boundaries</source>
        <translation>Unicode 词边界</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/segmenter_names.py" line="18"/>
        <source>{name} (Chinese)</source>
        <translation>{name}（中文）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/segmenter_names.py" line="21"/>
        <source> and </source>
        <comment>between two ways of cutting words</comment>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>TextFile</name>
    <message>
        <location filename="../../app/vocabulary/text_file.py" line="34"/>
        <source>{file}: not UTF-8 text (invalid byte at offset {offset:,}).</source>
        <translation>{file}：不是 UTF-8 文本（偏移 {offset:,} 处有无效字节）。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/text_file.py" line="37"/>
        <source>{file}: too long for {name}, which encodes a text whole: at most {most:,} characters.</source>
        <translation>{file}：对 {name} 来说太长了，它要整段编码文本：最多 {most:,} 个字符。</translation>
    </message>
</context>
<context>
    <name>VocabularyModel</name>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="27"/>
        <source>ID</source>
        <extracomment>(sort key of the engine, header) per column.</extracomment>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="28"/>
        <source>Merge</source>
        <translation>合并序号</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="29"/>
        <source>Token</source>
        <translation>词元</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="30"/>
        <source>Bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="31"/>
        <source>Chars</source>
        <translation>字符数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="32"/>
        <source>Script</source>
        <translation>文字</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="33"/>
        <source>Space first</source>
        <translation>空格开头</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/table_model.py" line="34"/>
        <source>Hex</source>
        <translation>十六进制</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/table_model.py" line="254"/>
        <source>id {id} · {count} bytes: {hex}</source>
        <extracomment>Hex is cut to this many bytes in the table (the tooltip has all of them).</extracomment>
        <translation>
            <numerusform>id {id} · {count} 个字节：{hex}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VocabularyTab</name>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="61"/>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="62"/>
        <source>Inside a vocabulary: its tokens by script, the overlap of two, an audit, why a merge was made, the cost per language, an X-ray of scaffold tokens, and a board of every tokenizer over your own corpus.</source>
        <translation>深入词表：按文字分类的词元、两个词表的重合、审查、为何这样合并、各语言的代价、脚手架词元的透视，以及所有分词器在你自己语料上的评测榜。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="67"/>
        <source>Choose o200k_base, type “ing” in the filter, and double-click a token.</source>
        <translation>选择 o200k_base，在筛选框中输入“ing”，然后双击一个词元。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="92"/>
        <source>Open tokenizer…</source>
        <translation>打开分词器…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="95"/>
        <source>Any file the Compare tab can add: our .json, tokenizer.json, .tiktoken, GPT-2 files, a SentencePiece model</source>
        <translation>“对比”页能添加的任何文件：本程序的 .json、tokenizer.json、.tiktoken、GPT-2 文件、SentencePiece 模型</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="100"/>
        <source>All merges</source>
        <translation>全部合并</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="103"/>
        <source>Ours is shown at the merge chosen in the Train tab: show every merge</source>
        <translation>“我们的”正显示训练页中所选的那次合并：显示全部合并</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="110"/>
        <source>Vocabulary:</source>
        <translation>词表：</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="124"/>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="125"/>
        <source>Overlap</source>
        <translation>重合</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="126"/>
        <source>Audit</source>
        <translation>审查</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="127"/>
        <source>Why this merge</source>
        <translation>为何这样合并</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="128"/>
        <source>Language parity</source>
        <translation>语言公平性</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="130"/>
        <source>Numbers</source>
        <translation>数字</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="132"/>
        <source>X-ray</source>
        <translation>透视</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="133"/>
        <source>Board</source>
        <translation>评测榜</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="217"/>
        <source>Ours: {label}</source>
        <translation>我们的：{label}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="217"/>
        <source>Ours</source>
        <translation>我们的</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="271"/>
        <source>Open a tokenizer&apos;s vocabulary</source>
        <translation>打开分词器的词表</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="273"/>
        <source>Tokenizers (*.json *.tiktoken *.tiktoken.gz *.model *.txt);;All files (*)</source>
        <translation>分词器 (*.json *.tiktoken *.tiktoken.gz *.model *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="291"/>
        <source>Loading {name}…</source>
        <translation>正在加载 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="323"/>
        <source>Cannot show this vocabulary: {error}</source>
        <translation>无法显示此词表：{error}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="336"/>
        <source>{name}: {tokens:,} tokens, {merged:,} made by merges</source>
        <translation>{name}：{tokens:,} 个词元，其中 {merged:,} 个由合并产生</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/vocabulary_tab.py" line="355"/>
        <source>ours ({merges:,} merges)</source>
        <translation>
            <numerusform>我们的（{merges:,} 次合并）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WhyMergePanel</name>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="92"/>
        <source>Corpus files…</source>
        <extracomment>Completions shown at once under the token field.</extracomment>
        <translation>语料文件…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="99"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="99"/>
        <source>Before</source>
        <translation>前文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="99"/>
        <source>Pair</source>
        <translation>词元对</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="99"/>
        <source>After</source>
        <translation>后文</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="102"/>
        <source>Pair at this step</source>
        <translation>这一步的词元对</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="102"/>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="115"/>
        <source>Token:</source>
        <translation>词元：</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="177"/>
        <source>Type a token (␣the, ing, 中国…) and pick it from the list, or click one in the Tokens page</source>
        <translation>输入一个词元（␣the、ing、中国…）并从列表中选取，或在“词元”页中点击一个</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="180"/>
        <source>No token made by a merge to pick</source>
        <translation>没有由合并生成的词元可选</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="192"/>
        <source>No merge makes “{token}” in this vocabulary: pick a token from the list.</source>
        <translation>此词表中没有合并生成“{token}”：请从列表中选取一个词元。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="209"/>
        <source>{name} is a {model} model: it has no merges to explain.</source>
        <translation>{name} 是 {model} 模型：没有可解释的合并。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="214"/>
        <source>Pick a token above, or select a merge in the Train tab&apos;s merges table (or a token in Compare).</source>
        <translation>在上方选取一个词元，或在“训练”页的合并表中选择一次合并（或在“对比”页中点击一个词元）。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="216"/>
        <source>Pick a token made by a merge above: the page shows where its pair stands side by side.</source>
        <translation>在上方选取一个由合并生成的词元：本页显示它的词元对在哪里相邻出现。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="234"/>
        <source>Corpus: {files}</source>
        <translation>语料：{files}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="236"/>
        <source>No corpus files: pick the files the tokenizer was trained on.</source>
        <translation>没有语料文件：请选择训练该分词器所用的文件。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="239"/>
        <source>Corpus: the Compare text. This model&apos;s training corpus is not published, so the counts are those of the text you give (Compare text, or files you pick).</source>
        <translation>语料：对比页的文本。该模型的训练语料没有公开，因此这里的次数来自你给的文本（对比页文本或你选择的文件）。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="247"/>
        <source>The corpus the tokenizer was trained on</source>
        <translation>训练该分词器所用的语料</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="249"/>
        <source>Files to look for the merges in</source>
        <translation>要在其中查找合并的文件</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/why_panel.py" line="283"/>
        <source>No merge {number}: the tokenizer has {merges:,} merges.</source>
        <translation>
            <numerusform>没有第 {number} 次合并：该分词器共有 {merges:,} 次合并。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="291"/>
        <source>Merge {number}: {pair} → {token} (looking in the corpus…)</source>
        <translation>第 {number} 次合并：{pair} → {token}（正在语料中查找…）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="317"/>
        <source>Merge {number}: {pair} → {token}.</source>
        <translation>第 {number} 次合并：{pair} → {token}。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="319"/>
        <source>Merge {number}: {pair} → {token}, count {count:,} when chosen.</source>
        <translation>第 {number} 次合并：{pair} → {token}，被选中时出现 {count:,} 次。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="301"/>
        <source>Compare text</source>
        <translation>对比页文本</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/why_panel.py" line="323"/>
        <source>Below: all {count:,} places it occurs in the corpus.</source>
        <translation>
            <numerusform>下表：它在语料中出现的全部 {count:,} 处。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/vocabulary/why_panel.py" line="325"/>
        <source>Below: the first {count:,} places it occurs in the corpus.</source>
        <translation>
            <numerusform>下表：它在语料中出现的前 {count:,} 处。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="327"/>
        <source>{merge} {below}</source>
        <comment>two sentences one after the other</comment>
        <translation>{merge}{below}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="342"/>
        <source>Counts in this text, not in the model&apos;s training corpus: they show where the pair stands side by side, not why the model&apos;s trainer chose it.</source>
        <translation>这是在这段文本中的次数，不是在模型训练语料中的次数：它们显示词元对在哪里相邻出现，而不是模型的训练器为何选择它。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="368"/>
        <source>The pair does not occur in these files: pick others with “Corpus files…”.</source>
        <translation>这些文件中没有出现这个词元对：请用“语料文件…”选择其他文件。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="370"/>
        <source>The pair does not occur in the corpus.</source>
        <translation>语料中没有出现这个词元对。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="372"/>
        <source>The pair does not occur in the Compare text: paste a text there, or choose files to search with “Corpus files…”.</source>
        <translation>对比页的文本中没有出现这个词元对：请在那里粘贴一段文本，或用“语料文件…”选择要搜索的文件。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/why_panel.py" line="378"/>
        <source>Cannot explain this merge: {error}</source>
        <translation>无法解释这次合并：{error}</translation>
    </message>
</context>
<context>
    <name>XRayPanel</name>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="53"/>
        <source>On the Compare tab&apos;s text</source>
        <translation>使用对比页的文本</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="54"/>
        <source>On a file…</source>
        <translation>使用文件…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="56"/>
        <source>X-ray</source>
        <translation>透视</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="60"/>
        <source>Encode the text merge by merge: which tokens are only steps on the way, which words are cut into the most tokens</source>
        <translation>逐次合并地编码文本：哪些词元只是中间步骤，哪些词被切成最多的词元</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="66"/>
        <source>Press X-ray to see which tokens of the vocabulary shown are only scaffolding on a text (formed while encoding, then merged away) and which of its frequent words it shatters.</source>
        <translation>点击“透视”，查看当前词表中哪些词元在一段文本上只是脚手架（编码时生成、随后又被合并掉），以及哪些常见词被切得支离破碎。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="73"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="73"/>
        <source>Token</source>
        <translation>词元</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="73"/>
        <source>Formed</source>
        <translation>生成次数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="73"/>
        <source>Final</source>
        <translation>留存次数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="73"/>
        <source>Used up by</source>
        <translation>被以下合并用掉</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="77"/>
        <source>Script</source>
        <translation>文字</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="77"/>
        <source>Word</source>
        <translation>词</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="77"/>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="77"/>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="79"/>
        <source>Press X-ray to list the tokens formed and merged away.</source>
        <translation>点击“透视”，列出编码时生成、随后又被合并掉的词元。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="80"/>
        <source>Press X-ray to list the words cut into most tokens.</source>
        <translation>点击“透视”，列出被切成最多词元的词。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="120"/>
        <source>Encoding the text merge by merge with {name}…</source>
        <translation>正在用 {name} 逐次合并地编码文本…</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="144"/>
        <source>Text to X-ray on</source>
        <translation>要透视的文本</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="144"/>
        <source>Text (*.txt);;All files (*)</source>
        <translation>文本 (*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="154"/>
        <source>On {file}</source>
        <translation>使用 {file}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="157"/>
        <source>X-ray cancelled.</source>
        <translation>透视已取消。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="160"/>
        <source>Cannot X-ray: {error}</source>
        <translation>无法透视：{error}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="165"/>
        <source>No residue: each token formed here is often left at the end.</source>
        <translation>没有残留词元：这里生成的每个词元，最后也常常留存下来。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="166"/>
        <source>No word of this text is cut into two tokens or more.</source>
        <translation>这段文本中没有词被切成两个及以上的词元。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="189"/>
        <source>{words:,} words, {tokens:,} tokens · {per_word:.2f} tokens per word, {per_char:.3f} per character, {whole:.0%} of words kept whole (words cut by {segmenter})</source>
        <translation>{words:,} 个词，{tokens:,} 个词元 · 每个词 {per_word:.2f} 个词元，每个字符 {per_char:.3f} 个，{whole:.0%} 的词保持完整（分词方法：{segmenter}）</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="201"/>
        <source>no word in the text (spaces, punctuation, symbols): {tokens:,} tokens, {per_char:.3f} per character</source>
        <translation>文本中没有词（只有空白、标点、符号）：{tokens:,} 个词元，每个字符 {per_char:.3f} 个</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="204"/>
        <source>{residues:,} residues ({share:.2%} of the vocabulary): tokens formed while encoding but almost never left at the end.</source>
        <translation>{residues:,} 个残留词元（占词表的 {share:.2%}）：编码时生成、但几乎从不留到最后的词元。</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="207"/>
        <source>{name}: {fertility} · {residues}</source>
        <translation>{name}：{fertility} · {residues}</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="221"/>
        <source>Export the X-ray</source>
        <translation>导出透视结果</translation>
    </message>
    <message>
        <location filename="../../app/vocabulary/xray_panel.py" line="221"/>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
</context>
</TS>
