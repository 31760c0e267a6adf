// A select parameter's fixed options as the designer types them in one field: comma separated (either comma),
// each `value`, `value:label` or `value:label:English label`.
import type { QueryParam } from '@portal/contract';

type Option = QueryParam['options'][number];

export function writeOptions(options: readonly Option[]): string {
  return options
    .map((o) => {
      if (o.labelEn) return `${o.value}:${o.label}:${o.labelEn}`;
      return o.label === o.value ? o.value : `${o.value}:${o.label}`;
    })
    .join(',');
}

export function readOptions(text: string): Option[] {
  return text
    .split(/[,，]/)
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      const [value = '', label, labelEn] = o.split(':').map((part) => part.trim());
      return { value, label: label || value, labelEn: labelEn ?? '' };
    });
}
