<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>LanguageMenu</name>
    <message>
        <location filename="../../app/common/wording/language_menu.py" line="24"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/language_menu.py" line="45"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../app/common/wording/language_menu.py" line="46"/>
        <source>The interface will be in {language} when BPE Explorer starts again. Restart now?</source>
        <translation>BPE Explorer 下次启动时界面将使用{language}。现在重新启动吗？</translation>
    </message>
</context>
</TS>
