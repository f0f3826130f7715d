<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AddMenu</name>
    <message>
        <location filename="../../app/compare/add_menu.py" line="25"/>
        <source>File…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <location filename="../../app/compare/add_menu.py" line="27"/>
        <source>tokenizer.json, tekken.json, a SentencePiece .model, a .tiktoken file, GPT-2 files or a saved tokenizer</source>
        <translation>tokenizer.json、tekken.json、SentencePiece 的 .model、.tiktoken 文件、GPT-2 文件或已保存的分词器</translation>
    </message>
    <message>
        <location filename="../../app/compare/add_menu.py" line="31"/>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <location filename="../../app/compare/add_menu.py" line="32"/>
        <source>A model&apos;s folder holding its tokenizer files</source>
        <translation>存放模型分词器文件的文件夹</translation>
    </message>
    <message>
        <location filename="../../app/compare/add_menu.py" line="34"/>
        <source>Model on Hugging Face…</source>
        <translation>Hugging Face 上的模型…</translation>
    </message>
    <message>
        <location filename="../../app/compare/add_menu.py" line="35"/>
        <source>ORG/NAME[@revision]: only its tokenizer files are downloaded, into the Hugging Face cache</source>
        <translation>ORG/NAME[@revision]：只下载它的分词器文件，存入 Hugging Face 缓存</translation>
    </message>
    <message>
        <location filename="../../app/compare/add_menu.py" line="41"/>
        <source>{name} — {hub_id} (gated: needs a login)</source>
        <translation>{name} — {hub_id}（受限：需要登录）</translation>
    </message>
    <message>
        <location filename="../../app/compare/add_menu.py" line="56"/>
        <source>Kept runs</source>
        <translation>保留的训练</translation>
    </message>
    <message>
        <location filename="../../app/compare/add_menu.py" line="59"/>
        <source>A run kept in the Train tab</source>
        <translation>在“训练”页保留的一次训练</translation>
    </message>
    <message>
        <location filename="../../app/compare/add_menu.py" line="69"/>
        <source>Add tokenizer pane</source>
        <translation>添加分词器窗格</translation>
    </message>
    <message>
        <location filename="../../app/compare/add_menu.py" line="71"/>
        <source>Tokenizers (*.json *.model *.tiktoken *.tiktoken.gz *.txt *.bpe);;All files (*)</source>
        <translation>分词器 (*.json *.model *.tiktoken *.tiktoken.gz *.txt *.bpe);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../app/compare/add_menu.py" line="78"/>
        <source>Add the tokenizer in a model&apos;s folder</source>
        <translation>添加模型文件夹中的分词器</translation>
    </message>
</context>
<context>
    <name>ChatEditor</name>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="38"/>
        <source>You are a helpful assistant. Answer in one sentence.</source>
        <extracomment>The roles offered (a conversation opened from a file may bring others: they are added to its turn&apos;s list). The conversation a new editor starts with (translated: a Chinese interface starts with a Chinese one).</extracomment>
        <translation>你是一个乐于助人的助手。请用一句话回答。</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="39"/>
        <source>What does a tokenizer do?</source>
        <translation>分词器是做什么的？</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="40"/>
        <source>It cuts text into the tokens a model reads.</source>
        <translation>它把文本切成模型读取的词元。</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="41"/>
        <source>Why do some languages need more tokens?</source>
        <translation>为什么有些语言需要更多词元？</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="106"/>
        <source>Add turn</source>
        <translation>添加一轮</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="108"/>
        <source>A new turn at the end, answering the last one</source>
        <translation>在末尾添加新的一轮，回应最后一轮</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="110"/>
        <source>Add generation prompt</source>
        <translation>添加生成提示</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="113"/>
        <source>End with the header that asks the model to answer (add_generation_prompt=True)</source>
        <translation>以请模型作答的开头结束（add_generation_prompt=True）</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="116"/>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="117"/>
        <source>Open a conversation: a JSON list of {&quot;role&quot;: ..., &quot;content&quot;: ...}</source>
        <translation>打开一段对话：由 {&quot;role&quot;: ..., &quot;content&quot;: ...} 组成的 JSON 列表</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="119"/>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="120"/>
        <source>Save the conversation as JSON (as bpe chat --messages reads it)</source>
        <translation>把对话保存为 JSON（即 bpe chat --messages 读取的格式）</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="225"/>
        <source>Open a conversation</source>
        <translation>打开对话</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="225"/>
        <source>Conversations (*.json);;All files (*)</source>
        <translation>对话 (*.json);;所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/chat_editor.py" line="238"/>
        <source>Opened %n turns from {name}.</source>
        <translation>
            <numerusform>已从 {name} 打开 %n 轮对话。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/chat_editor.py" line="261"/>
        <source>Saved %n turns to {name}.</source>
        <translation>
            <numerusform>已把 %n 轮对话保存到 {name}。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/chat_editor.py" line="264"/>
        <source>%n characters no file can hold (halves of UTF-16 pairs) were written as U+FFFD (�).</source>
        <translation>
            <numerusform>%n 个无法写入文件的字符（UTF-16 代理对的一半）已写成 U+FFFD（�）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="244"/>
        <source>Save the conversation</source>
        <translation>保存对话</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="244"/>
        <source>Conversations (*.json)</source>
        <translation>对话 (*.json)</translation>
    </message>
</context>
<context>
    <name>ChatPanes</name>
    <message>
        <location filename="../../app/compare/chat_panes.py" line="90"/>
        <source>{count} (after the last turn)</source>
        <extracomment>The pause in typing after which the panes render the conversation again (each rendering starts a process).</extracomment>
        <translation>{count}（最后一轮之后）</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_panes.py" line="95"/>
        <source>template: {parts} = {template} of {total} tokens</source>
        <translation>模板：{parts} = {template} 个词元（共 {total} 个）</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_panes.py" line="102"/>
        <source>&lt;tr&gt;&lt;th&gt;turn&lt;/th&gt;&lt;th&gt;role&lt;/th&gt;&lt;th&gt;message&lt;/th&gt;&lt;th&gt;template&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;th&gt;轮&lt;/th&gt;&lt;th&gt;角色&lt;/th&gt;&lt;th&gt;消息&lt;/th&gt;&lt;th&gt;模板&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_panes.py" line="110"/>
        <source>after the last turn</source>
        <translation>最后一轮之后</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_panes.py" line="145"/>
        <source>rendering the conversation…</source>
        <translation>正在渲染对话…</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_panes.py" line="208"/>
        <source>Choose a chat template</source>
        <translation>选择聊天模板</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_panes.py" line="208"/>
        <source>Chat templates (*.jinja);;All files (*)</source>
        <translation>聊天模板 (*.jinja);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_panes.py" line="244"/>
        <source>The template could not render this conversation.</source>
        <translation>模板无法渲染这段对话。</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_panes.py" line="252"/>
        <source>No chat template: {name} has none of its own. Choose a .jinja file for it with “Template…”.</source>
        <translation>没有聊天模板：{name} 自身没有聊天模板。请用“模板…”为它选择一个 .jinja 文件。</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_panes.py" line="255"/>
        <source>no chat template</source>
        <translation>没有聊天模板</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_panes.py" line="261"/>
        <source>A chat is cut by each tokenizer&apos;s own method: see the pane of {name}.</source>
        <translation>对话按每个分词器自己的方法切分：请看 {name} 的窗格。</translation>
    </message>
</context>
<context>
    <name>CompareEditor</name>
    <message>
        <location filename="../../app/compare/text_editor.py" line="43"/>
        <source>Type or paste text here, or load a file: every pane shows how it is cut.</source>
        <extracomment>Loading a file reads at most this many characters from its start (the user is told).</extracomment>
        <translation>在此输入或粘贴文本，也可以载入文件：每个窗格都会显示它如何切分这段文本。</translation>
    </message>
    <message>
        <location filename="../../app/compare/text_editor.py" line="68"/>
        <source>Load text</source>
        <translation>载入文本</translation>
    </message>
    <message>
        <location filename="../../app/compare/text_editor.py" line="68"/>
        <source>Text files (*.txt *.md *.py *.*)</source>
        <translation>文本文件 (*.txt *.md *.py *.*)</translation>
    </message>
    <message>
        <location filename="../../app/compare/text_editor.py" line="82"/>
        <source>Cannot load text</source>
        <translation>无法载入文本</translation>
    </message>
    <message>
        <location filename="../../app/compare/text_editor.py" line="83"/>
        <source>“{name}” could not be read: {error}</source>
        <translation>无法读取“{name}”：{error}</translation>
    </message>
    <message>
        <location filename="../../app/compare/text_editor.py" line="90"/>
        <source>Not UTF-8 text</source>
        <translation>不是 UTF-8 文本</translation>
    </message>
    <message>
        <location filename="../../app/compare/text_editor.py" line="92"/>
        <source>“{name}” is not UTF-8 text (invalid byte at offset {offset}). Load it with each invalid byte replaced by U+FFFD (�)?</source>
        <translation>“{name}”不是 UTF-8 文本（偏移 {offset} 处有无效字节）。要把每个无效字节替换为 U+FFFD (�) 后载入吗？</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/text_editor.py" line="99"/>
        <source>Showing the first {count} characters of {name} ({size}).</source>
        <translation>
            <numerusform>显示 {name}（{size}）的前 {count} 个字符。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompareExport</name>
    <message>
        <location filename="../../app/compare/export.py" line="111"/>
        <source>the picture would be {height} pixels tall (at most {limit}): export it as SVG or HTML, or a shorter text</source>
        <extracomment>What can be exported: the panes as shown, or the whole text (kind -&gt; the file&apos;s suffix). The exports laid out at a width chosen by the user. Where an SVG drawn by Qt names or refers to an id (the id follows). A PNG taller than this is refused (an image that large is hundreds of megabytes): SVG or HTML hold any text.</extracomment>
        <translation>图片将高达 {height} 像素（最多 {limit}）：请导出为 SVG 或 HTML，或换一段更短的文本</translation>
    </message>
</context>
<context>
    <name>CompareMain</name>
    <message>
        <location filename="../../app/compare/__main__.py" line="52"/>
        <source>BPE Explorer — Compare</source>
        <translation>BPE Explorer — 对比</translation>
    </message>
</context>
<context>
    <name>CompareToolbar</name>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="40"/>
        <source>Load text…</source>
        <extracomment>How long a status line stays.</extracomment>
        <translation>载入文本…</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="41"/>
        <source>Load a UTF-8 text file into the editor</source>
        <translation>把一个 UTF-8 文本文件载入编辑框</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="42"/>
        <source>Add tokenizer</source>
        <translation>添加分词器</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="44"/>
        <source>Add a pane: a tokenizer file or folder, a Hugging Face model, or a known model</source>
        <translation>添加一个窗格：分词器文件或文件夹、Hugging Face 模型，或一个已知模型</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="47"/>
        <source>Panes</source>
        <translation>窗格</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="48"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="50"/>
        <source>Save the comparison: a picture of the panes, the whole text as a picture or a web page, or data</source>
        <translation>保存这次对比：窗格的图片、整段文本的图片或网页，或数据</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="52"/>
        <source>Methods…</source>
        <translation>编码方法…</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="55"/>
        <source>Tokens per byte of the text under each tokenizer&apos;s own BPE, greedy, fewest tokens and dropout</source>
        <translation>文本在每个分词器自己的 BPE、贪心、最少词元和 dropout 下的每字节词元数</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="59"/>
        <source>Side by side</source>
        <translation>并排</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="60"/>
        <source>Stacked</source>
        <translation>上下堆叠</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="64"/>
        <source>Colors by token id</source>
        <translation>按词元 ID 着色</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="65"/>
        <source>Alternating colors</source>
        <translation>交替着色</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="67"/>
        <source>Color-blind safe</source>
        <translation>色盲友好</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="80"/>
        <source>Visible whitespace (␣ ⇥ ↵)</source>
        <translation>显示空白字符（␣ ⇥ ↵）</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="82"/>
        <source>Show ids</source>
        <translation>显示 ID</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="83"/>
        <source>Pre-token chunks</source>
        <translation>预分词片段</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="84"/>
        <source>A bar under the tokens for each piece the pre-tokenizer&apos;s regex cut out</source>
        <translation>在词元下方为预分词正则切出的每个片段画一条横条</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="89"/>
        <source>Mark where each pane cuts differently from this pane</source>
        <translation>标出各窗格与此窗格切分不同的位置</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="92"/>
        <source>{extra} extra cut &amp;nbsp; {missing} missing cut</source>
        <translation>{extra} 多出的切分 &amp;nbsp; {missing} 缺少的切分</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="109"/>
        <source>Cut differences vs:</source>
        <translation>切分差异对照：</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_toolbar.py" line="128"/>
        <source>(off)</source>
        <translation>（关闭）</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <location filename="../../app/compare/compare_view.py" line="57"/>
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
        <location filename="../../app/compare/compare_view.py" line="81"/>
        <source>Compare</source>
        <extracomment>Typing re-encodes at the next turn of the event loop (edits arriving together are encoded once): an edit costs only the pre-tokens around it (bpe_core.encoding.incremental), so there is no pause to wait for.</extracomment>
        <translation>对比</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="82"/>
        <source>One text cut by several tokenizers side by side: ours, OpenAI&apos;s and any published model&apos;s, by its own library.</source>
        <translation>同一段文本由多个分词器并排切分：我们的、OpenAI 的以及任何已发布模型的（由其自己的库切分）。</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="87"/>
        <source>Type some Chinese and some code in the text box, then add a model with “Add tokenizer”.</source>
        <translation>在文本框中输入一些中文和代码，然后用“添加分词器”加入一个模型。</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="139"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="140"/>
        <source>Each pane cuts the text</source>
        <translation>每个窗格切分这段文本</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="143"/>
        <source>Chat</source>
        <translation>对话</translation>
    </message>
    <message>
        <location filename="../../app/compare/compare_view.py" line="145"/>
        <source>Each pane renders a conversation with its model&apos;s chat template and cuts what it reads</source>
        <translation>每个窗格用其模型的聊天模板渲染对话，并切分模型读到的文本</translation>
    </message>
</context>
<context>
    <name>ExportMenu</name>
    <message>
        <location filename="../../app/compare/export_menu.py" line="42"/>
        <source>Panes as shown, as a PNG picture…</source>
        <extracomment>The widest picture of the whole text offered, in pixels.</extracomment>
        <translation>屏幕上的窗格，PNG 图片…</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="43"/>
        <source>Panes as shown, as an SVG drawing…</source>
        <translation>屏幕上的窗格，SVG 矢量图…</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="44"/>
        <source>Whole text, as a PNG picture…</source>
        <translation>整段文本，PNG 图片…</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="45"/>
        <source>Whole text, as an SVG drawing…</source>
        <translation>整段文本，SVG 矢量图…</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="46"/>
        <source>Whole text, as a web page (HTML)…</source>
        <translation>整段文本，网页（HTML）…</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="47"/>
        <source>Tokens, as CSV…</source>
        <translation>词元，CSV…</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="48"/>
        <source>Counts and tokens, as JSON…</source>
        <translation>计数和词元，JSON…</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="60"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="61"/>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="62"/>
        <source>Web page (*.html)</source>
        <translation>网页 (*.html)</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="63"/>
        <source>CSV data (*.csv)</source>
        <translation>CSV 数据 (*.csv)</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="64"/>
        <source>JSON data (*.json)</source>
        <translation>JSON 数据 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="74"/>
        <source>No pane shows tokens of the text yet: there is nothing to export.</source>
        <translation>还没有窗格显示这段文本的词元：没有可导出的内容。</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="80"/>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="81"/>
        <source>Width of the picture, in pixels (the tokens flow in rows this wide):</source>
        <translation>图片宽度（像素；词元按这个宽度分行排列）：</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="90"/>
        <source>Export the comparison</source>
        <translation>导出对比</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="100"/>
        <source>“{file}” could not be written: {error}</source>
        <translation>无法写入“{file}”：{error}</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="111"/>
        <source>no pane shows tokens of the text yet</source>
        <translation>还没有窗格显示这段文本的词元</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="113"/>
        <location filename="../../app/compare/export_menu.py" line="116"/>
        <source>Tokenizer comparison</source>
        <translation>分词器对比</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="118"/>
        <source>Exported {file}.</source>
        <translation>已导出 {file}。</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="120"/>
        <source>Exported {file}; left out, with no tokens to show: {panes}.</source>
        <translation>已导出 {file}；以下窗格没有可显示的词元，未包含在内：{panes}。</translation>
    </message>
    <message>
        <location filename="../../app/compare/export_menu.py" line="132"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
</context>
<context>
    <name>MethodsChart</name>
    <message>
        <location filename="../../app/compare/methods_chart.py" line="41"/>
        <source>Encoding methods</source>
        <extracomment>The widest a tokenizer&apos;s name gets beside its bars, in pixels at the usual text size. The names take at most this fraction (1/n) of a narrow chart&apos;s width, and never less than NAME_SHARE_LEAST px. A group&apos;s height in lines of its name&apos;s text: room between the groups. The chart&apos;s height beside its groups: title, legend, count axis.</extracomment>
        <translation>编码方法</translation>
    </message>
    <message>
        <location filename="../../app/compare/methods_chart.py" line="46"/>
        <source>Tokens per byte of the Compare text, by method</source>
        <translation>对比页文本每字节的词元数（按方法）</translation>
    </message>
    <message>
        <location filename="../../app/compare/methods_chart.py" line="47"/>
        <source>tokens per byte</source>
        <translation>每字节词元数</translation>
    </message>
    <message>
        <location filename="../../app/compare/methods_chart.py" line="53"/>
        <source>Measuring…</source>
        <translation>正在测量…</translation>
    </message>
    <message>
        <location filename="../../app/compare/methods_chart.py" line="59"/>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/methods_chart.py" line="77"/>
        <source>Cutting the text with {count} tokenizers, four ways each…</source>
        <translation>
            <numerusform>正在用 {count} 个分词器、每个四种方法切分文本…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/compare/methods_chart.py" line="110"/>
        <source>No tokenizer could cut the text.</source>
        <translation>没有分词器能切分这段文本。</translation>
    </message>
    <message>
        <location filename="../../app/compare/methods_chart.py" line="119"/>
        <source>Fewer tokens per byte is shorter: fewest tokens is the least any cut of this vocabulary needs.</source>
        <translation>每字节词元越少，编码越短：“最少词元”是这个词表任何切分方式所需的最少词元数。</translation>
    </message>
</context>
<context>
    <name>ModelCatalogue</name>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="17"/>
        <source>Qwen 7B (first generation)</source>
        <extracomment>The names to translate (the others are the models&apos; own names, said as they are).</extracomment>
        <translation>Qwen 7B（第一代）</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="22"/>
        <source>byte-level BPE; digits one by one; the Qwen 2.5 sizes share this tokenizer</source>
        <extracomment>Every note of the catalogue, to translate.</extracomment>
        <translation>字节级 BPE；数字逐个切分；Qwen 2.5 各尺寸共用这个分词器</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="25"/>
        <source>byte-level BPE, the Qwen 2.5 vocabulary with more special tokens</source>
        <translation>字节级 BPE，Qwen 2.5 的词表，外加更多特殊词元</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="26"/>
        <source>a tiktoken rank file; its regex lives in tokenization_qwen.py (the same as Qwen 2&apos;s)</source>
        <translation>一个 tiktoken 排名文件；它的正则表达式写在 tokenization_qwen.py 里（与 Qwen 2 的相同）</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="30"/>
        <source>byte-level BPE; a sequence of Split pre-tokenizers (digits in threes, CJK runs)</source>
        <translation>字节级 BPE；一串 Split 预分词器（数字三位一组，连续的中日韩文字）</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="33"/>
        <source>the DeepSeek V3 tokenizer with R1&apos;s chat template</source>
        <translation>DeepSeek V3 的分词器，配 R1 的对话模板</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="34"/>
        <source>byte-level BPE; original/tokenizer.model is the same vocabulary as a tiktoken file, pattern llama3</source>
        <translation>字节级 BPE；original/tokenizer.model 是同一词表的 tiktoken 文件，正则为 llama3</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="38"/>
        <source>the Llama 3.1 tokenizer</source>
        <translation>Llama 3.1 的分词器</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="39"/>
        <source>SentencePiece-style BPE with byte fallback; tokenizer.model holds the same model</source>
        <translation>SentencePiece 式 BPE，带字节回退；tokenizer.model 是同一个模型</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="42"/>
        <source>Tekken: tiktoken-style byte-level BPE; ids shifted by the reserved special tokens</source>
        <translation>Tekken：tiktoken 式字节级 BPE；id 因预留的特殊词元而后移</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="45"/>
        <source>SentencePiece BPE with byte fallback (v3 vocabulary)</source>
        <translation>SentencePiece BPE，带字节回退（v3 词表）</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="46"/>
        <source>tokenizer.model is a tiktoken rank file, not SentencePiece; tokenization_chatglm.py uses GPT-4&apos;s regex (the organisation is now zai-org; the THUDM id still answers)</source>
        <translation>tokenizer.model 是 tiktoken 排名文件，不是 SentencePiece；tokenization_chatglm.py 使用 GPT-4 的正则表达式（该组织现名 zai-org；THUDM 的 id 仍可使用）</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="51"/>
        <source>SentencePiece BPE, Chinese and English</source>
        <translation>SentencePiece BPE，中文和英文</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="52"/>
        <source>SentencePiece BPE; no tokenizer.json is published</source>
        <translation>SentencePiece BPE；未发布 tokenizer.json</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="53"/>
        <source>SentencePiece BPE (tokenization_internlm2.py)</source>
        <translation>SentencePiece BPE（见 tokenization_internlm2.py）</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="54"/>
        <source>SentencePiece BPE</source>
        <translation>SentencePiece 的 BPE</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="55"/>
        <source>byte-level BPE built on cl100k&apos;s vocabulary</source>
        <translation>在 cl100k 词表基础上构建的字节级 BPE</translation>
    </message>
    <message>
        <location filename="../../app/compare/catalogue_words.py" line="56"/>
        <source>the original byte-level BPE; the same ids as tiktoken&apos;s gpt2</source>
        <translation>最初的字节级 BPE；id 与 tiktoken 的 gpt2 相同</translation>
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
    <name>OwnPane</name>
    <message>
        <location filename="../../app/compare/own_pane.py" line="15"/>
        <source>No tokenizer yet: train one or open a saved tokenizer, and its tokens appear here.</source>
        <extracomment>While training, the &quot;Ours&quot; pane follows the merges at most this often.</extracomment>
        <translation>还没有分词器：训练一个，或打开已保存的分词器，它切出的词元就会显示在这里。</translation>
    </message>
    <message>
        <location filename="../../app/compare/own_pane.py" line="26"/>
        <location filename="../../app/compare/own_pane.py" line="48"/>
        <location filename="../../app/compare/own_pane.py" line="84"/>
        <source>Ours</source>
        <translation>我们的</translation>
    </message>
    <message>
        <location filename="../../app/compare/own_pane.py" line="45"/>
        <source>next merge: {pair}</source>
        <translation>下一次合并：{pair}</translation>
    </message>
    <message>
        <location filename="../../app/compare/own_pane.py" line="52"/>
        <source>trained</source>
        <translation>训练完成</translation>
    </message>
    <message>
        <location filename="../../app/compare/own_pane.py" line="61"/>
        <source>training</source>
        <translation>训练中</translation>
    </message>
    <message>
        <location filename="../../app/compare/own_pane.py" line="84"/>
        <source>Ours: {label}</source>
        <translation>我们的：{label}</translation>
    </message>
</context>
<context>
    <name>PaneAdder</name>
    <message>
        <location filename="../../app/compare/pane_adder.py" line="56"/>
        <source>Cannot add tokenizer</source>
        <translation>无法添加分词器</translation>
    </message>
    <message>
        <location filename="../../app/compare/pane_adder.py" line="57"/>
        <source>“{name}” could not be read: {error}</source>
        <translation>无法读取“{name}”：{error}</translation>
    </message>
    <message>
        <location filename="../../app/compare/pane_adder.py" line="70"/>
        <source>{name} (loading)</source>
        <translation>{name}（载入中）</translation>
    </message>
    <message>
        <location filename="../../app/compare/pane_adder.py" line="72"/>
        <source>Loading {name}…</source>
        <translation>正在载入 {name}…</translation>
    </message>
    <message>
        <location filename="../../app/compare/pane_adder.py" line="117"/>
        <source>{name} (not loaded)</source>
        <translation>{name}（未载入）</translation>
    </message>
    <message>
        <location filename="../../app/compare/pane_adder.py" line="118"/>
        <source>Could not load: {error}</source>
        <translation>载入失败：{error}</translation>
    </message>
</context>
<context>
    <name>PaneMarks</name>
    <message>
        <location filename="../../app/compare/pane_marks.py" line="21"/>
        <source>the pre-tokenizer of {cutter} starts a pre-token there</source>
        <extracomment>Why two tokenizers first cut differently (bpe_core.teaching.cut_difference.REASONS), in words.</extracomment>
        <translation>{cutter} 的预分词器在那里开始一个新的预分词单元</translation>
    </message>
    <message>
        <location filename="../../app/compare/pane_marks.py" line="22"/>
        <source>{other} has no token {token}</source>
        <translation>{other} 没有词元 {token}</translation>
    </message>
    <message>
        <location filename="../../app/compare/pane_marks.py" line="23"/>
        <source>both have {token}, but the merges of {cutter} make other tokens there first</source>
        <translation>两者都有 {token}，但 {cutter} 的合并在那里先生成了别的词元</translation>
    </message>
    <message>
        <location filename="../../app/compare/pane_marks.py" line="26"/>
        <source>a normalizer changed the text before it was cut</source>
        <translation>切分之前规范化器改变了文本</translation>
    </message>
    <message>
        <location filename="../../app/compare/pane_marks.py" line="27"/>
        <source>{cutter} falls back to bytes there</source>
        <translation>{cutter} 在那里退回到字节</translation>
    </message>
    <message>
        <location filename="../../app/compare/pane_marks.py" line="40"/>
        <source>First difference, in “{text}”: {cutter} cuts at byte {offset}: {reason}.</source>
        <translation>第一处不同，在“{text}”中：{cutter} 在第 {offset} 个字节处切分：{reason}。</translation>
    </message>
    <message>
        <location filename="../../app/compare/pane_marks.py" line="70"/>
        <source>reference for cut differences</source>
        <translation>切分差异的参照</translation>
    </message>
    <message>
        <location filename="../../app/compare/pane_marks.py" line="81"/>
        <source>cuts agree {agreement} with {reference} ({extra} extra, {missing} missing)</source>
        <translation>与 {reference} 的切分一致率 {agreement}（多出 {extra} 处，缺少 {missing} 处）</translation>
    </message>
</context>
<context>
    <name>PatternQuestion</name>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="34"/>
        <source>“{name}” does not say how text is split before merging (a .tiktoken file, GPT-2 files).
Choose the model&apos;s pattern, or type a regex:</source>
        <extracomment>The named patterns offered for a file that does not say how it pre-tokenizes (any other text is a regex).</extracomment>
        <translation>“{name}”没有说明合并之前如何切分文本（.tiktoken 文件、GPT-2 文件都是这样）。
请选择该模型的模式，或输入一个正则表达式：</translation>
    </message>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="51"/>
        <source>sure: two kinds of evidence agree</source>
        <translation>确定：两类证据一致</translation>
    </message>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="53"/>
        <source>likely</source>
        <translation>很可能</translation>
    </message>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="54"/>
        <source>only a guess: check it</source>
        <translation>只是猜测：请核对</translation>
    </message>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="62"/>
        <source>{evidence}, but its tokens are not {pattern}&apos;s</source>
        <translation>{evidence}，但其词元不符合 {pattern}</translation>
    </message>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="72"/>
        <source>the file&apos;s name says {pattern}</source>
        <translation>文件名表明是 {pattern}</translation>
    </message>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="76"/>
        <source>its folder&apos;s name says {pattern}</source>
        <translation>所在文件夹的名字表明是 {pattern}</translation>
    </message>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="86"/>
        <source>its tokens hold 4 or more digits, or a space and digits (“{example}”), as only GPT-2&apos;s pattern makes</source>
        <translation>其词元含有 4 位或更多数字，或空格加数字（“{example}”），只有 GPT-2 的模式会切出这样的词元</translation>
    </message>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="91"/>
        <source>its tokens join a lower-case letter and a capital (“{example}”), which o200k&apos;s pattern never makes</source>
        <translation>其词元把小写字母和大写字母连在一起（“{example}”），o200k 的模式从不这样切</translation>
    </message>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="95"/>
        <source>no token joins a lower-case letter and a capital, and words keep their contractions (“{example}”), as o200k&apos;s pattern makes</source>
        <translation>没有词元把小写字母和大写字母连在一起，且单词带着缩写（“{example}”），正如 o200k 的模式所切</translation>
    </message>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="46"/>
        <source>Pre-tokenizer</source>
        <translation>预分词器</translation>
    </message>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="40"/>
        <source>Guessed: {pattern} ({confidence}), because:</source>
        <translation>推测为 {pattern}（{confidence}），因为：</translation>
    </message>
    <message>
        <location filename="../../app/compare/pattern_question.py" line="79"/>
        <source>it has {count} ranks, as {name}</source>
        <translation>它有 {count} 个秩，与 {name} 相同</translation>
    </message>
</context>
<context>
    <name>TemplateLegend</name>
    <message>
        <location filename="../../app/compare/chat_panes.py" line="288"/>
        <source>the template&apos;s own text (headers, role tags, special tokens); plain tokens: the messages&apos; text</source>
        <translation>模板自身的文本（开头、角色标记、特殊词元）；无阴影的词元：消息的文本</translation>
    </message>
</context>
<context>
    <name>TokenCanvas</name>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="204"/>
        <source>&lt;b&gt;id {id}&lt;/b&gt; · {rank}</source>
        <translation>&lt;b&gt;ID {id}&lt;/b&gt; · {rank}</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="204"/>
        <source>&lt;b&gt;id {id}&lt;/b&gt;</source>
        <translation>&lt;b&gt;ID {id}&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="207"/>
        <source>bytes: &lt;tt&gt;{hex}&lt;/tt&gt; ({count})</source>
        <translation>字节：&lt;tt&gt;{hex}&lt;/tt&gt;（{count} 个）</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="208"/>
        <source>text: &lt;tt&gt;{text}&lt;/tt&gt;</source>
        <translation>文本：&lt;tt&gt;{text}&lt;/tt&gt;</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="209"/>
        <source>token {number} of {total} · characters {start}–{end}</source>
        <translation>第 {number} 个词元，共 {total} 个 · 字符 {start}–{end}</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="214"/>
        <source>part of a character: bytes {first}-{last} of {length} of {char}</source>
        <translation>字符的一部分：{char} 的 {length} 个字节中的第 {first}–{last} 个（从 0 起）</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="220"/>
        <source>&lt;i&gt;special token&lt;/i&gt;</source>
        <translation>&lt;i&gt;特殊词元&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="222"/>
        <source>&lt;i&gt;the chat template&apos;s own text&lt;/i&gt;</source>
        <translation>&lt;i&gt;聊天模板自身的文本&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_canvas.py" line="237"/>
        <source>(no text)</source>
        <translation>（没有文本）</translation>
    </message>
</context>
<context>
    <name>TokenPane</name>
    <message>
        <location filename="../../app/compare/token_pane.py" line="285"/>
        <source>0 tokens</source>
        <translation>0 个词元</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="286"/>
        <source>{count} tokens · {chars} chars/token · {bytes} bytes/token</source>
        <translation>
            <numerusform>{count} 个词元 · 每词元 {chars} 个字符 · 每词元 {bytes} 字节</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="61"/>
        <source>encoding…</source>
        <translation>编码中…</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="63"/>
        <source>★ fewest</source>
        <translation>★ 最少</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="64"/>
        <source>This pane uses the fewest tokens of the panes shown</source>
        <translation>在显示的窗格中，此窗格用的词元最少</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="129"/>
        <location filename="../../app/compare/token_pane.py" line="142"/>
        <source>Copy ids</source>
        <translation>复制 ID</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="130"/>
        <source>Copy tokens as text</source>
        <translation>以文本复制词元</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="131"/>
        <source>The tokens as the pane writes them, separated by |</source>
        <translation>按窗格中的写法复制词元，以 | 分隔</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="132"/>
        <source>Copy tokens as JSON</source>
        <translation>以 JSON 复制词元</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="133"/>
        <source>A JSON list of the tokens: id, text and bytes in hex</source>
        <translation>词元的 JSON 列表：ID、文本和十六进制字节</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="135"/>
        <source>Encode another way</source>
        <translation>换一种方式编码</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="136"/>
        <source>The same vocabulary, cut another way, in a pane beside this one</source>
        <translation>同一个词表，换一种方式切分，显示在旁边的窗格中</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="143"/>
        <source>Copy this pane&apos;s token ids to the clipboard (the arrow: the tokens)</source>
        <translation>把此窗格的词元 ID 复制到剪贴板（点箭头可复制词元）</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="150"/>
        <source>Remove this pane</source>
        <translation>移除此窗格</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="150"/>
        <source>Hide this pane (show it again from Panes)</source>
        <translation>隐藏此窗格（可从“窗格”菜单重新显示）</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="155"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="156"/>
        <source>Stop loading this tokenizer and remove the pane</source>
        <translation>停止载入此分词器并移除窗格</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="161"/>
        <source>All merges</source>
        <translation>全部合并</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="162"/>
        <source>Show the tokenizer with every merge of the run, not the one chosen</source>
        <translation>显示包含本次训练全部合并的分词器，而不是所选的那一步</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="166"/>
        <source>Template…</source>
        <translation>模板…</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="168"/>
        <source>Render the conversation with a chat template file (.jinja) you choose</source>
        <translation>用你选择的聊天模板文件（.jinja）渲染对话</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="213"/>
        <source>The probability that a merge is skipped</source>
        <translation>跳过一次合并的概率</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="216"/>
        <source>Sample again</source>
        <translation>重新抽样</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="217"/>
        <source>Another draw of the merges skipped: a word is cut differently</source>
        <translation>重新抽取被跳过的合并：同一个词会被切得不一样</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="270"/>
        <source>not encoded</source>
        <translation>未编码</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="279"/>
        <source>encoded in {ms} ms</source>
        <translation>编码用时 {ms} 毫秒</translation>
    </message>
    <message>
        <location filename="../../app/compare/token_pane.py" line="294"/>
        <source>loading…</source>
        <translation>载入中…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="323"/>
        <source>Copied {count} ids of {name}</source>
        <translation>
            <numerusform>已复制 {name} 的 {count} 个 ID</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="330"/>
        <source>Copied {count} tokens of {name} as text</source>
        <translation>
            <numerusform>已以文本复制 {name} 的 {count} 个词元</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/compare/token_pane.py" line="337"/>
        <source>Copied {count} tokens of {name} as JSON</source>
        <translation>
            <numerusform>已以 JSON 复制 {name} 的 {count} 个词元</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TurnRow</name>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="67"/>
        <source>Move this turn up</source>
        <translation>把这一轮上移</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="68"/>
        <source>Move this turn down</source>
        <translation>把这一轮下移</translation>
    </message>
    <message>
        <location filename="../../app/compare/chat_editor.py" line="69"/>
        <source>Remove this turn</source>
        <translation>删除这一轮</translation>
    </message>
</context>
</TS>
