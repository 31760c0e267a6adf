// The designer's SQL editor: CodeMirror with PostgreSQL highlighting and the report views for completion.
// Loaded lazily with the designer, so the main chunk does not carry it.
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import CodeMirror from '@uiw/react-codemirror';

export default function SqlEditor({
  value,
  onChange,
  views,
  label,
}: {
  value?: string;
  onChange?(value: string): void;
  views: Record<string, string[]>;
  label: string;
}) {
  return (
    <CodeMirror
      value={value ?? ''}
      onChange={(v) => onChange?.(v)}
      extensions={[sql({ dialect: PostgreSQL, schema: views, upperCaseKeywords: true })]}
      height="220px"
      basicSetup={{ lineNumbers: true, foldGutter: false }}
      aria-label={label}
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, fontSize: 13 }}
    />
  );
}
