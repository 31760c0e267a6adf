// A small ECharts chart (line of amounts or pie of counts), sized to its card.
import { LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useSettingsStore } from '../../stores/settings';

echarts.use([LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export function TrendChart({ kind, labels, values }: { kind: 'line' | 'pie'; labels: string[]; values: number[] }) {
  const element = useRef<HTMLDivElement>(null);
  const theme = useSettingsStore((s) => s.theme);
  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current);
    chart.setOption(kind === 'line'
      ? {
          color: [theme],
          tooltip: { trigger: 'axis' },
          grid: { left: 70, right: 20, top: 20, bottom: 30 },
          xAxis: { type: 'category', data: labels },
          yAxis: { type: 'value' },
          series: [{ type: 'line', smooth: true, areaStyle: { opacity: 0.15 }, data: values }],
        }
      : {
          tooltip: { trigger: 'item' },
          legend: { bottom: 0 },
          series: [{ type: 'pie', radius: ['40%', '65%'], label: { show: false }, data: labels.map((name, i) => ({ name, value: values[i] })) }],
        });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [kind, labels, values, theme]);
  return <div ref={element} role="img" aria-label={kind === 'line' ? '验收金额趋势图' : '订单状态分布图'} style={{ height: 280 }} />;
}
