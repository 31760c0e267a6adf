// The designer's SQL editor: CodeMirror with PostgreSQL highlighting and the report views for completion.
// Loaded lazily with the designer, so the main chunk does not carry it. Its <style> elements carry the page's
// CSP nonce (without it the policy drops them and the editor shows unstyled).
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { cspNonce } from '../../app/csp';

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
      extensions={[EditorView.cspNonce.of(cspNonce), sql({ dialect: PostgreSQL, schema: views, upperCaseKeywords: true })]}
      height="220px"
      basicSetup={{ lineNumbers: true, foldGutter: false }}
      aria-label={label}
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, fontSize: 13 }}
    />
  );
}
