// 查询设计 (ms0100): staff keep the tenant's query definitions: the list beside the editor of the open one
// (definition-editor.tsx), which publishes through its dialog (publish-dialog.tsx). The server checks every
// definition; these pages only show what it says.
import { Card, Col, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DefinitionList } from './definition-list';
import { DefinitionEditor, StoredDefinitionEditor } from './definition-editor';
import { blank } from './editor-values';

export default function DesignerPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={7}>
        <DefinitionList selected={selected} onSelect={setSelected} />
      </Col>
      <Col xs={24} lg={17}>
        {selected === null ? (
          <Card>
            <Typography.Text type="secondary">{t('dynamicQuery.designer.empty')}</Typography.Text>
          </Card>
        ) : selected === '' ? (
          <DefinitionEditor key="new" initial={blank} isNew onSaved={setSelected} onDeleted={() => setSelected(null)} />
        ) : (
          <StoredDefinitionEditor key={selected} queryCode={selected} onSaved={setSelected} onDeleted={() => setSelected(null)} />
        )}
      </Col>
    </Row>
  );
}
