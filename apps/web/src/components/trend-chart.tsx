// A small ECharts chart (line or bars of amounts, pie of counts), sized to its card. ECharts is loaded by
// parts (core, the chart types, canvas), which keeps it out of the pages that draw no chart.
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useSettingsStore } from '../stores/settings';

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface TrendChartProps {
  kind: 'line' | 'bar' | 'pie';
  labels: string[];
  values: number[];
  /** Accessible name of the chart. */
  label: string;
  /** Tooltip text of a point of a line or bar, when the plotted number is not how it should read (exact money). */
  tooltip?(index: number): string;
  height?: number;
}

export function TrendChart({ kind, labels, values, label, tooltip, height = 280 }: TrendChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const theme = useSettingsStore((s) => s.theme);
  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current);
    chart.setOption(
      kind !== 'pie'
        ? {
            color: [theme],
            tooltip: {
              trigger: 'axis',
              ...(tooltip
                ? {
                    formatter: (params: { dataIndex: number }[]) =>
                      params[0] ? `${labels[params[0].dataIndex] ?? ''}<br/>${tooltip(params[0].dataIndex)}` : '',
                  }
                : {}),
            },
            grid: { left: 70, right: 20, top: 20, bottom: 30 },
            xAxis: { type: 'category', data: labels },
            yAxis: { type: 'value' },
            series: [
              kind === 'line'
                ? { type: 'line', smooth: true, areaStyle: { opacity: 0.15 }, data: values }
                : { type: 'bar', barMaxWidth: 24, data: values },
            ],
          }
        : {
            tooltip: { trigger: 'item' },
            legend: { bottom: 0 },
            series: [
              { type: 'pie', radius: ['40%', '65%'], label: { show: false }, data: labels.map((name, i) => ({ name, value: values[i] })) },
            ],
          },
    );
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [kind, labels, values, theme, tooltip]);
  return <div ref={element} role="img" aria-label={label} style={{ height }} />;
}
