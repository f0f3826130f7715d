<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<!-- Strings of Qt's own dialogs that PySide6's qtbase_zh_CN.qm lacks (Qt 6 renamed them, e.g. "Look in:" became
     "&Look in:"). Edited by hand: do not run lupdate on this file. -->
<TS version="2.1" language="zh_CN">
<context>
    <name>QFileDialog</name>
    <message><source>&amp;Look in:</source><translation>查找范围(&amp;L)：</translation></message>
    <message><source>Files of &amp;type:</source><translation>文件类型(&amp;T)：</translation></message>
    <message><source>Confirm Delete</source><translation>确认删除</translation></message>
</context>
<context>
    <name>QFileSystemModel</name>
    <message><source>Folder</source><translation>文件夹</translation></message>
    <message><source>File Folder</source><translation>文件夹</translation></message>
    <message><source>Drive</source><translation>驱动器</translation></message>
    <message><source>Unknown</source><translation>未知</translation></message>
    <message><source>%1 KB</source><translation>%1 KB</translation></message>
    <message><source>%1 bytes</source><translation>%1 字节</translation></message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message><source>Don&apos;t Save</source><translation>不保存</translation></message>
    <message><source>Close without Saving</source><translation>关闭且不保存</translation></message>
</context>
</TS>
