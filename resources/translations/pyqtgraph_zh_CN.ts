<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>Exporter</name>
        <message>
            <source>separator</source>
            <translation>分隔符</translation>
        </message>
        <message>
            <source>precision</source>
            <translation>精度</translation>
        </message>
        <message>
            <source>columnMode</source>
            <translation>列模式</translation>
        </message>
        <message>
            <source>width</source>
            <translation>宽度</translation>
        </message>
        <message>
            <source>height</source>
            <translation>高度</translation>
        </message>
        <message>
            <source>antialias</source>
            <translation>抗锯齿</translation>
        </message>
        <message>
            <source>background</source>
            <translation>背景</translation>
        </message>
        <message>
            <source>invertValue</source>
            <translation>反转数值</translation>
        </message>
        <message>
            <source>scaling stroke</source>
            <translation>缩放线宽</translation>
        </message>
        <message>
            <source>Print Document</source>
            <translation>打印文档</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>CSV of original plot data</source>
            <translation>原始绘图数据（CSV）</translation>
        </message>
        <message>
            <source>Image File (PNG, TIF, JPG, ...)</source>
            <translation>图像文件（PNG、TIF、JPG 等）</translation>
        </message>
        <message>
            <source>Scalable Vector Graphics (SVG)</source>
            <translation>可缩放矢量图形（SVG）</translation>
        </message>
        <message>
            <source>Scalable Vector Graphics</source>
            <translation>可缩放矢量图形</translation>
        </message>
        <message>
            <source>Printer</source>
            <translation>打印机</translation>
        </message>
        <message>
            <source>HDF5 Export: plot (x,y)</source>
            <translation>导出 HDF5：绘图 (x,y)</translation>
        </message>
        <message>
            <source>Matplotlib Window</source>
            <translation>Matplotlib 窗口</translation>
        </message>
    </context>
    <context>
        <name>GraphicsScene</name>
        <message>
            <source>Export...</source>
            <translation>导出…</translation>
        </message>
    </context>
    <context>
        <name>PlotItem</name>
        <message>
            <source>Transforms</source>
            <translation>变换</translation>
        </message>
        <message>
            <source>Downsample</source>
            <translation>降采样</translation>
        </message>
        <message>
            <source>Average</source>
            <translation>平均</translation>
        </message>
        <message>
            <source>Alpha</source>
            <translation>透明度</translation>
        </message>
        <message>
            <source>Grid</source>
            <translation>网格</translation>
        </message>
        <message>
            <source>Points</source>
            <translation>数据点</translation>
        </message>
        <message>
            <source>Plot Options</source>
            <translation>绘图选项</translation>
        </message>
    </context>
    <context>
        <name>ViewBox</name>
        <message>
            <source>ViewBox options</source>
            <translation>视图选项</translation>
        </message>
        <message>
            <source>View All</source>
            <translation>显示全部</translation>
        </message>
        <message>
            <source>Mouse Mode</source>
            <translation>鼠标模式</translation>
        </message>
        <message>
            <source>3 button</source>
            <translation>三键模式</translation>
        </message>
        <message>
            <source>1 button</source>
            <translation>单键模式</translation>
        </message>
        <message>
            <source>axis</source>
            <translation>轴</translation>
        </message>
    </context>
    <context>
        <name>Form</name>
        <message>
            <source>Export</source>
            <translation>导出</translation>
        </message>
        <message>
            <source>Item to export:</source>
            <translation>要导出的项：</translation>
        </message>
        <message>
            <source>Export format</source>
            <translation>导出格式</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>关闭</translation>
        </message>
        <message>
            <source>Export options</source>
            <translation>导出选项</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <source>PyQtGraph</source>
            <translation>PyQtGraph</translation>
        </message>
        <message>
            <source>Link Axis:</source>
            <translation>关联坐标轴：</translation>
        </message>
        <message>
            <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Links this axis with another view. When linked, both views will display the same data range.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
            <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;把这条坐标轴与另一个视图关联。关联后，两个视图显示相同的数据范围。&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
        </message>
        <message>
            <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Percent of data to be visible when auto-scaling. It may be useful to decrease this value for data with spiky noise.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
            <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;自动缩放时可见数据所占的百分比。数据带有尖峰噪声时，调低此值可能有用。&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
        </message>
        <message>
            <source>%</source>
            <translation>%</translation>
        </message>
        <message>
            <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Automatically resize this axis whenever the displayed data is changed.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
            <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;显示的数据一变化，就自动调整这条坐标轴的范围。&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
        </message>
        <message>
            <source>Auto</source>
            <translation>自动</translation>
        </message>
        <message>
            <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Set the range for this axis manually. This disables automatic scaling. &lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
            <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;手动设置这条坐标轴的范围。这会关闭自动缩放。&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
        </message>
        <message>
            <source>Manual</source>
            <translation>手动</translation>
        </message>
        <message>
            <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Minimum value to display for this axis.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
            <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;这条坐标轴显示的最小值。&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
        </message>
        <message>
            <source>0</source>
            <translation>0</translation>
        </message>
        <message>
            <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Maximum value to display for this axis.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
            <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;这条坐标轴显示的最大值。&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
        </message>
        <message>
            <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Inverts the display of this axis. (+y points downward instead of upward)&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
            <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;反转这条坐标轴的方向（+y 朝下而不是朝上）。&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
        </message>
        <message>
            <source>Invert Axis</source>
            <translation>反转坐标轴</translation>
        </message>
        <message>
            <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Enables mouse interaction (panning, scaling) for this axis.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
            <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;允许用鼠标操作这条坐标轴（平移、缩放）。&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
        </message>
        <message>
            <source>Mouse Enabled</source>
            <translation>启用鼠标</translation>
        </message>
        <message>
            <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;When checked, the axis will only auto-scale to data that is visible along the orthogonal axis.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
            <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;勾选后，这条坐标轴只按另一条坐标轴上可见的数据自动缩放。&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
        </message>
        <message>
            <source>Visible Data Only</source>
            <translation>仅限可见数据</translation>
        </message>
        <message>
            <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;When checked, the axis will automatically pan to center on the current data, but the scale along this axis will not change.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
            <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;勾选后，这条坐标轴会自动平移，使当前数据居中，但不改变这条坐标轴的比例。&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
        </message>
        <message>
            <source>Auto Pan Only</source>
            <translation>仅自动平移</translation>
        </message>
        <message>
            <source>Display averages of the curves displayed in this plot. The parameter list allows you to choose parameters to average over (if any are available).</source>
            <translation>显示本图中各条曲线的平均值。可在参数列表中选择按哪些参数求平均（如果有的话）。</translation>
        </message>
        <message>
            <source>Average</source>
            <translation>平均</translation>
        </message>
        <message>
            <source>Plot only the portion of each curve that is visible. This assumes X values are uniformly spaced.</source>
            <translation>只绘制每条曲线的可见部分。这假定 X 值是等间距的。</translation>
        </message>
        <message>
            <source>Clip to View</source>
            <translation>裁剪到视图</translation>
        </message>
        <message>
            <source>If multiple curves are displayed in this plot, check this box to limit the number of traces that are displayed.</source>
            <translation>本图显示多条曲线时，勾选此项可限制显示的曲线条数。</translation>
        </message>
        <message>
            <source>Max Traces:</source>
            <translation>最多曲线数：</translation>
        </message>
        <message>
            <source>Downsample</source>
            <translation>降采样</translation>
        </message>
        <message>
            <source>Downsample by drawing a saw wave that follows the min and max of the original data. This method produces the best visual representation of the data but is slower.</source>
            <translation>画一条沿原始数据最小值和最大值起伏的锯齿波来降采样。这种方法显示效果最好，但较慢。</translation>
        </message>
        <message>
            <source>Peak</source>
            <translation>峰值</translation>
        </message>
        <message>
            <source>If multiple curves are displayed in this plot, check "Max Traces" and set this value to limit the number of traces that are displayed.</source>
            <translation>本图显示多条曲线时，勾选“最多曲线数”并设置此值，可限制显示的曲线条数。</translation>
        </message>
        <message>
            <source>If MaxTraces is checked, remove curves from memory after they are hidden (saves memory, but traces can not be un-hidden).</source>
            <translation>勾选“最多曲线数”时，曲线隐藏后即从内存中删除（节省内存，但隐藏的曲线无法再显示）。</translation>
        </message>
        <message>
            <source>Forget hidden traces</source>
            <translation>丢弃隐藏的曲线</translation>
        </message>
        <message>
            <source>Downsample by taking the mean of N samples.</source>
            <translation>取每 N 个样本的平均值来降采样。</translation>
        </message>
        <message>
            <source>Mean</source>
            <translation>平均值</translation>
        </message>
        <message>
            <source>Downsample by taking the first of N samples. This method is fastest and least accurate.</source>
            <translation>取每 N 个样本中的第一个来降采样。这种方法最快，但最不精确。</translation>
        </message>
        <message>
            <source>Subsample</source>
            <translation>抽样</translation>
        </message>
        <message>
            <source>Automatically downsample data based on the visible range. This assumes X values are uniformly spaced.</source>
            <translation>根据可见范围自动降采样。这假定 X 值是等间距的。</translation>
        </message>
        <message>
            <source>Downsample data before plotting. (plot every Nth sample)</source>
            <translation>绘图前先降采样（每 N 个样本画一个）。</translation>
        </message>
        <message>
            <source>x</source>
            <translation>x</translation>
        </message>
        <message>
            <source>Log X</source>
            <translation>X 取对数</translation>
        </message>
        <message>
            <source>dy/dx</source>
            <translation>dy/dx</translation>
        </message>
        <message>
            <source>Y vs. Y'</source>
            <translation>Y 对 Y'</translation>
        </message>
        <message>
            <source>Power Spectrum (FFT)</source>
            <translation>功率谱（FFT）</translation>
        </message>
        <message>
            <source>Log Y</source>
            <translation>Y 取对数</translation>
        </message>
        <message>
            <source>Subtract Mean</source>
            <translation>减去平均值</translation>
        </message>
        <message>
            <source>Points</source>
            <translation>数据点</translation>
        </message>
        <message>
            <source>Show X Grid</source>
            <translation>显示 X 网格</translation>
        </message>
        <message>
            <source>Show Y Grid</source>
            <translation>显示 Y 网格</translation>
        </message>
        <message>
            <source>Opacity</source>
            <translation>不透明度</translation>
        </message>
        <message>
            <source>Alpha</source>
            <translation>透明度</translation>
        </message>
    </context>
</TS>
