<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CompareMain</name>
    <message>
        <location filename="../../app/compare/__main__.py" line="50"/>
        <source>BPE Explorer — Compare</source>
        <translation>BPE Explorer — 对比</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <location filename="../../app/compare/compare_view.py" line="64"/>
        <source>Tokenizers cut text into pieces. Hello world!
今天下午我们在河边散步，看见很多人在钓鱼。鬱
Emoji: 🙂👍🏽 🇫🇷
def greet(name):
    return f&quot;Hello, {name}!&quot;  # 42 tokens?
</source>
        <extracomment>The example text (translated: a Chinese interface starts with a Chinese example).</extracomment>
        <translation>分词器把文本切成一个个词元。Hello world!
今天下午我们在河边散步，看见很多人在钓鱼。鬱
表情符号：🙂👍🏽 🇫🇷
def greet(name):
    return f&quot;你好，{name}！&quot;  # 42 个词元？
</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="74"/>
        <source>No tokenizer yet: train one or open a saved tokenizer, and its tokens appear here.</source>
        <extracomment>Loading a file reads at most this many characters from its start (the user is told). While training, the &quot;Ours&quot; pane follows the merges at most this often.</extracomment>
        <translation>还没有分词器：训练一个，或打开已保存的分词器，它切出的词元就会显示在这里。</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="131"/>
        <source>Type or paste text here, or load a file: every pane shows how it is cut.</source>
        <extracomment>The named patterns offered for a file that does not say how it pre-tokenizes (any other text is a regex).</extracomment>
        <translation>在此输入或粘贴文本，也可以载入文件：每个窗格都会显示它如何切分这段文本。</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="174"/>
        <source>Load text…</source>
        <translation>载入文本…</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="175"/>
        <source>Load a UTF-8 text file into the editor</source>
        <translation>把一个 UTF-8 文本文件载入编辑框</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="179"/>
        <source>Add tokenizer</source>
        <translation>添加分词器</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="181"/>
        <source>Add a pane: a tokenizer file or folder, a Hugging Face model, or a known model</source>
        <translation>添加一个窗格：分词器文件或文件夹、Hugging Face 模型，或一个已知模型</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="187"/>
        <source>Panes</source>
        <translation>窗格</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="193"/>
        <source>Side by side</source>
        <translation>并排</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="194"/>
        <source>Stacked</source>
        <translation>上下堆叠</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="198"/>
        <source>Colors by token id</source>
        <translation>按词元 ID 着色</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="199"/>
        <source>Alternating colors</source>
        <translation>交替着色</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="201"/>
        <source>Color-blind safe</source>
        <translation>色盲友好</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="215"/>
        <source>Visible whitespace (␣ ⇥ ↵)</source>
        <translation>显示空白字符（␣ ⇥ ↵）</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="217"/>
        <source>Show ids</source>
        <translation>显示 ID</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="218"/>
        <source>Pre-token chunks</source>
        <translation>预分词片段</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="219"/>
        <source>A bar under the tokens for each piece the pre-tokenizer&apos;s regex cut out</source>
        <translation>在词元下方为预分词正则切出的每个片段画一条横条</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="224"/>
        <source>Mark where each pane cuts differently from this pane</source>
        <translation>标出各窗格与此窗格切分不同的位置</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="227"/>
        <source>{extra} extra cut &amp;nbsp; {missing} missing cut</source>
        <translation>{extra} 多出的切分 &amp;nbsp; {missing} 缺少的切分</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="241"/>
        <source>Cut differences vs:</source>
        <translation>切分差异对照：</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="251"/>
        <source>File…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="253"/>
        <source>tokenizer.json, tekken.json, a SentencePiece .model, a .tiktoken file, GPT-2 files or a saved tokenizer</source>
        <translation>tokenizer.json、tekken.json、SentencePiece 的 .model、.tiktoken 文件、GPT-2 文件或已保存的分词器</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="257"/>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="258"/>
        <source>A model&apos;s folder holding its tokenizer files</source>
        <translation>存放模型分词器文件的文件夹</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="260"/>
        <source>Model on Hugging Face…</source>
        <translation>Hugging Face 上的模型…</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="261"/>
        <source>ORG/NAME[@revision]: only its tokenizer files are downloaded, into the Hugging Face cache</source>
        <translation>ORG/NAME[@revision]：只下载它的分词器文件，存入 Hugging Face 缓存</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="267"/>
        <source>{name} — {hub_id} (gated: needs a login)</source>
        <translation>{name} — {hub_id}（受限：需要登录）</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="296"/>
        <source>Ours: {label}</source>
        <translation>我们的：{label}</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="297"/>
        <location filename="../../app/compare/compare_view.py" line="332"/>
        <source>Ours</source>
        <translation>我们的</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="327"/>
        <source>trained</source>
        <translation>训练完成</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="350"/>
        <source>training</source>
        <translation>训练中</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="383"/>
        <source>Cannot add tokenizer</source>
        <translation>无法添加分词器</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="384"/>
        <location filename="../../app/compare/compare_view.py" line="751"/>
        <source>“{name}” could not be read: {error}</source>
        <translation>无法读取“{name}”：{error}</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="400"/>
        <source>{name} (loading)</source>
        <translation>{name}（载入中）</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="402"/>
        <source>Loading {name}…</source>
        <translation>正在载入 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="435"/>
        <source>{name} (not loaded)</source>
        <translation>{name}（未载入）</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="436"/>
        <source>Could not load: {error}</source>
        <translation>载入失败：{error}</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="456"/>
        <source>Guessed: {pattern}, because {reason}.</source>
        <translation>推测为 {pattern}，因为{reason}。</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="461"/>
        <source>Pre-tokenizer</source>
        <translation>预分词器</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="452"/>
        <source>“{name}” does not say how text is split before merging (a .tiktoken file, GPT-2 files).
Choose the model&apos;s pattern, or type a regex:</source>
        <translation>“{name}”没有说明合并之前如何切分文本（.tiktoken 文件、GPT-2 文件都是这样）。
请选择该模型的模式，或输入一个正则表达式：</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="466"/>
        <source>the file&apos;s name says so</source>
        <translation>文件名表明如此</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="468"/>
        <source>its folder&apos;s name says so</source>
        <translation>所在文件夹的名字表明如此</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="469"/>
        <source>it has {count} ranks, as {name}</source>
        <translation>它有 {count} 个秩，与 {name} 相同</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="620"/>
        <source>reference for cut differences</source>
        <translation>切分差异的参照</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="628"/>
        <source>cuts agree {agreement} with {reference} ({extra} extra, {missing} missing)</source>
        <translation>与 {reference} 的切分一致率 {agreement}（多出 {extra} 处，缺少 {missing} 处）</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="717"/>
        <source>(off)</source>
        <translation>（关闭）</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="735"/>
        <source>Load text</source>
        <translation>载入文本</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="735"/>
        <source>Text files (*.txt *.md *.py *.*)</source>
        <translation>文本文件 (*.txt *.md *.py *.*)</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="750"/>
        <source>Cannot load text</source>
        <translation>无法载入文本</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="758"/>
        <source>Not UTF-8 text</source>
        <translation>不是 UTF-8 文本</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="760"/>
        <source>“{name}” is not UTF-8 text (invalid byte at offset {offset}). Load it with each invalid byte replaced by U+FFFD (�)?</source>
        <translation>“{name}”不是 UTF-8 文本（偏移 {offset} 处有无效字节）。要把每个无效字节替换为 U+FFFD (�) 后载入吗？</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="768"/>
        <source>Showing the first {count} characters of {name} ({size}).</source>
        <translation>显示 {name}（{size}）的前 {count} 个字符。</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="785"/>
        <source>Add tokenizer pane</source>
        <translation>添加分词器窗格</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="787"/>
        <source>Tokenizers (*.json *.model *.tiktoken *.tiktoken.gz *.txt *.bpe);;All files (*)</source>
        <translation>分词器 (*.json *.model *.tiktoken *.tiktoken.gz *.txt *.bpe);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="794"/>
        <source>Add the tokenizer in a model&apos;s folder</source>
        <translation>添加模型文件夹中的分词器</translation>
    </message>
</context>
<context>
    <name>ModelIdDialog</name>
    <message>
        <location filename="../../app/compare/model_id_dialog.py" line="17"/>
        <source>Model on Hugging Face</source>
        <translation>Hugging Face 上的模型</translation>
    </message>
    <message>
        <location filename="../../app/compare/model_id_dialog.py" line="20"/>
        <source>for example {model}</source>
        <translation>例如 {model}</translation>
    </message>
    <message>
        <location filename="../../app/compare/model_id_dialog.py" line="26"/>
        <source>Only the tokenizer files are fetched, into the Hugging Face cache; a cached model needs no network.</source>
        <translation>只获取分词器文件，存入 Hugging Face 缓存；已缓存的模型无需联网。</translation>
    </message>
    <message>
        <location filename="../../app/compare/model_id_dialog.py" line="34"/>
        <source>Model id (ORG/NAME, optionally @revision):</source>
        <translation>模型 ID（ORG/NAME，可加 @revision）：</translation>
    </message>
</context>
<context>
    <name>TokenCanvas</name>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="312"/>
        <source>&lt;b&gt;id {id}&lt;/b&gt; · {rank}</source>
        <extracomment>Tokens laid out per slice of the event loop (a few milliseconds&apos; work).</extracomment>
        <translation>&lt;b&gt;ID {id}&lt;/b&gt; · {rank}</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="312"/>
        <source>&lt;b&gt;id {id}&lt;/b&gt;</source>
        <translation>&lt;b&gt;ID {id}&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="315"/>
        <source>bytes: &lt;tt&gt;{hex}&lt;/tt&gt; ({count})</source>
        <translation>字节：&lt;tt&gt;{hex}&lt;/tt&gt;（{count} 个）</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="316"/>
        <source>text: &lt;tt&gt;{text}&lt;/tt&gt;</source>
        <translation>文本：&lt;tt&gt;{text}&lt;/tt&gt;</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="317"/>
        <source>token {number} of {total} · characters {start}–{end}</source>
        <translation>第 {number} 个词元，共 {total} 个 · 字符 {start}–{end}</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="322"/>
        <source>part of a character: bytes {first}-{last} of {length} of {char}</source>
        <translation>字符的一部分：{char} 的 {length} 个字节中的第 {first}–{last} 个（从 0 起）</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="328"/>
        <source>&lt;i&gt;special token&lt;/i&gt;</source>
        <translation>&lt;i&gt;特殊词元&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="343"/>
        <source>(no text)</source>
        <translation>（没有文本）</translation>
    </message>
</context>
<context>
    <name>TokenPane</name>
    <message>
        <location filename="../../app/compare/token_pane.py" line="143"/>
        <source>0 tokens</source>
        <translation>0 个词元</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="144"/>
        <source>{count} tokens · {chars} chars/token · {bytes} bytes/token</source>
        <translation>
            <numerusform>{count} 个词元 · 每词元 {chars} 个字符 · 每词元 {bytes} 字节</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="34"/>
        <source>encoding…</source>
        <translation>编码中…</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="36"/>
        <source>★ fewest</source>
        <translation>★ 最少</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="37"/>
        <source>This pane uses the fewest tokens of the panes shown</source>
        <translation>在显示的窗格中，此窗格用的词元最少</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="45"/>
        <source>Copy ids</source>
        <translation>复制 ID</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="46"/>
        <source>Copy this pane&apos;s token ids to the clipboard</source>
        <translation>把此窗格的词元 ID 复制到剪贴板</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="51"/>
        <source>Remove this pane</source>
        <translation>移除此窗格</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="51"/>
        <source>Hide this pane (show it again from Panes)</source>
        <translation>隐藏此窗格（可从“窗格”菜单重新显示）</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="56"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="57"/>
        <source>Stop loading this tokenizer and remove the pane</source>
        <translation>停止载入此分词器并移除窗格</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="62"/>
        <source>All merges</source>
        <translation>全部合并</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="63"/>
        <source>Show the tokenizer with every merge of the run, not the one chosen</source>
        <translation>显示包含本次训练全部合并的分词器，而不是所选的那一步</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="132"/>
        <source>not encoded</source>
        <translation>未编码</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="137"/>
        <source>encoded in {ms} ms</source>
        <translation>编码用时 {ms} 毫秒</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="151"/>
        <source>loading…</source>
        <translation>载入中…</translation>
    </message>
</context>
</TS>
