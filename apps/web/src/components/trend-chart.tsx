// A small Chart.js chart (line or bars of amounts, doughnut of counts), sized to its card. Only the parts these
// charts use are registered (about a third of the gzip of the ECharts build it replaces, issue 32), and the chart
// draws once, without animation: no frames of work after the page has come.
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../stores/settings';

Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

/** The slices' colours (the palette ECharts drew them in before). */
const palette = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];
/** Axis and legend text: the antd secondary text colour, which reaches 4.5:1 on white. */
const textColour = 'rgba(0, 0, 0, 0.65)';
const gridColour = 'rgba(0, 0, 0, 0.08)';

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

/** The theme colour with an alpha (for the area under a line). */
function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const n = Number.parseInt(m[1]!, 16);
  return `rgba(${n >> 16}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

function configOf(props: TrendChartProps, theme: string, locale: string): ChartConfiguration<'line' | 'bar' | 'doughnut'> {
  const { kind, labels, values, tooltip } = props;
  const font = { family: getComputedStyle(document.body).fontFamily || undefined, size: 12 };
  const common = { responsive: true, maintainAspectRatio: false, animation: false as const, locale };
  if (kind === 'pie')
    return {
      type: 'doughnut',
      data: { labels, datasets: [{ data: values, backgroundColor: palette, borderColor: '#fff', borderWidth: 1 }] },
      options: {
        ...common,
        radius: '90%',
        cutout: '60%',
        plugins: {
          legend: { position: 'bottom', labels: { color: textColour, font, boxWidth: 14 } },
          tooltip: { bodyFont: font, titleFont: font },
        },
      },
    };
  const scales = {
    x: { ticks: { color: textColour, font }, grid: { display: false } },
    y: { beginAtZero: true, ticks: { color: textColour, font }, grid: { color: gridColour } },
  };
  const plugins = {
    legend: { display: false },
    tooltip: {
      mode: 'index' as const,
      intersect: false,
      bodyFont: font,
      titleFont: font,
      ...(tooltip ? { callbacks: { label: (item: { dataIndex: number }) => tooltip(item.dataIndex) } } : {}),
    },
  };
  const interaction = { mode: 'index' as const, intersect: false };
  return kind === 'line'
    ? {
        type: 'line',
        data: {
          labels,
          datasets: [
            {
              data: values,
              borderColor: theme,
              backgroundColor: withAlpha(theme, 0.15),
              pointBackgroundColor: theme,
              pointRadius: 3,
              fill: 'origin',
              tension: 0.35,
              cubicInterpolationMode: 'monotone',
            },
          ],
        },
        options: { ...common, scales, plugins, interaction },
      }
    : {
        type: 'bar',
        data: { labels, datasets: [{ data: values, backgroundColor: theme, maxBarThickness: 24 }] },
        options: { ...common, scales, plugins, interaction },
      };
}

export function TrendChart(props: TrendChartProps) {
  const { kind, labels, values, label, tooltip, height = 280 } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useSettingsStore((s) => s.theme);
  const { i18n } = useTranslation();
  const locale = i18n.language;
  // Pages pass new arrays on each render: the chart is drawn again only when what it shows changes.
  const shown = JSON.stringify([labels, values]);
  const data = useMemo(() => JSON.parse(shown) as [string[], number[]], [shown]);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, configOf({ kind, labels: data[0], values: data[1], label, tooltip }, theme, locale));
    return () => chart.destroy();
  }, [kind, data, label, tooltip, theme, locale]);
  // The canvas sits in a box of the chart's height that the chart fills (Chart.js follows the box's size).
  return (
    <div role="img" aria-label={label} style={{ position: 'relative', height }}>
      <canvas ref={canvas} />
    </div>
  );
}
