// /ctfType (module ms0040): a supplier sees its certificates per type with what is missing or expiring,
// uploads, replaces, imports and submits them. Staff review what was submitted, see which suppliers have
// problems and look at any supplier's certificates.
import { certificate } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { useUserStore } from '../../stores/user';
import { overviewQuery } from './api';
import { DetailDrawer } from './detail-drawer';
import { ProblemSuppliers } from './problem-suppliers';
import { ReviewList } from './review-list';
import { TypeCards } from './type-cards';
import { TypesTab } from './types-tab';

function SupplierCertificates({ suppCode, onOpen }: { suppCode?: string | undefined; onOpen(id: number): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const staff = useUserStore((s) => s.staff);
  const buttons = useAuthButtons(certificate.certificateModule);
  const canUpload = !staff && buttons.has('upload');
  const { data } = useQuery(overviewQuery(suppCode, !staff || Boolean(suppCode)));
  if (staff && !suppCode) return <Typography.Text type="secondary">{t('certificate.pickSupplier')}</Typography.Text>;
  if (!data) return <Skeleton active />;
  const count = (p: string) => data.types.filter((x) => x.problem === p).length;
  const missing = count('missing');
  const expired = count('expired');
  const expiring = count('expiring');
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text>{t('punct.bracketed', { text: data.suppName, note: data.suppCode })}</Typography.Text>
        {canUpload && (
          <Space wrap>
            <Button type="primary" onClick={() => navigate('/ctf/upload')}>
              {t('certificate.upload')}
            </Button>
            <Button onClick={() => navigate('/ctfImport')}>{t('certificate.import')}</Button>
          </Space>
        )}
      </Space>
      {missing + expired + expiring > 0 && (
        <Alert
          type={missing + expired > 0 ? 'error' : 'warning'}
          showIcon
          message={t('certificate.summary', { missing, expiring, expired })}
        />
      )}
      <TypeCards types={data.types} canUpload={canUpload} onOpen={onOpen} />
    </Space>
  );
}

export default function CertificatePage() {
  const { t } = useTranslation();
  const staff = useUserStore((s) => s.staff);
  const [open, setOpen] = useState<number>();
  const [suppCode, setSuppCode] = useState<string>();
  const [tab, setTab] = useState('review');
  return (
    <Card title={t('certificate.title')}>
      {staff ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'review', label: t('certificate.review'), children: <ReviewList onOpen={setOpen} /> },
            {
              key: 'problems',
              label: t('certificate.problems'),
              children: (
                <ProblemSuppliers
                  onPick={(code) => {
                    setSuppCode(code);
                    setTab('supplier');
                  }}
                />
              ),
            },
            {
              key: 'supplier',
              label: t('certificate.supplierView'),
              children: (
                <Space direction="vertical" style={{ width: '100%' }} size={16}>
                  <SupplierPicker value={suppCode} onChange={setSuppCode} />
                  <SupplierCertificates suppCode={suppCode} onOpen={setOpen} />
                </Space>
              ),
            },
            { key: 'types', label: t('certificate.types.title'), children: <TypesTab /> },
          ]}
        />
      ) : (
        <SupplierCertificates onOpen={setOpen} />
      )}
      <DetailDrawer id={open} onClose={() => setOpen(undefined)} />
    </Card>
  );
}
