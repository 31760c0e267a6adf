// /goodsApply (module ms0061): the supplier's new-product applications, paged on the server, with where
// each stands and why a returned one was returned; new, edit, details (with the history), withdraw, delete.
import { type ApplySummary, goodsApply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { useUserStore } from '../../stores/user';
import { detailQuery, useDeleteApply, useWithdrawApply } from './api';
import { ApplyView } from './apply-detail';
import { ApplyEditor } from './apply-editor';
import { ApplyList } from './apply-list';
import { closingOnRefusal } from '../../lib/confirm-call';

export default function ApplyPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const staff = useUserStore((s) => s.staff);
  const { has } = useAuthButtons(goodsApply.applyModule);
  const canChange = !staff && has(goodsApply.applyButton);
  const [selected, setSelected] = useState<ApplySummary>();
  const [viewing, setViewing] = useState<string>();
  const [editing, setEditing] = useState<{ applyNo?: string } | undefined>();
  const view = useQuery(detailQuery('supplier', viewing));
  const edited = useQuery(detailQuery('supplier', editing?.applyNo));
  const withdraw = useWithdrawApply();
  const remove = useDeleteApply();

  const editable = selected && goodsApply.editable.includes(selected.status);
  const underReview = selected && goodsApply.underReview.includes(selected.status);
  const confirmWithdraw = (a: ApplySummary) =>
    modal.confirm({
      title: t('goodsApply.withdraw'),
      content: t('goodsApply.withdrawConfirm', { no: a.applyNo }),
      onOk: closingOnRefusal(() => withdraw.mutateAsync(a.applyNo).then(() => void message.success(t('goodsApply.withdrawn')))),
    });
  const confirmDelete = (a: ApplySummary) =>
    modal.confirm({
      title: t('goodsApply.delete'),
      content: t('goodsApply.deleteConfirm', { no: a.applyNo }),
      okButtonProps: { danger: true },
      onOk: closingOnRefusal(() =>
        remove.mutateAsync(a.applyNo).then(() => {
          setSelected(undefined);
          void message.success(t('goodsApply.deleted'));
        }),
      ),
    });

  const actions = (
    <Space wrap style={{ marginBottom: 12 }}>
      {canChange && (
        <Button type="primary" onClick={() => setEditing({})}>
          {t('goodsApply.create')}
        </Button>
      )}
      {canChange && (
        <Button disabled={!editable} onClick={() => selected && setEditing({ applyNo: selected.applyNo })}>
          {t('goodsApply.edit')}
        </Button>
      )}
      <Button disabled={!selected} onClick={() => selected && setViewing(selected.applyNo)}>
        {t('goodsApply.detail')}
      </Button>
      {canChange && (
        <Button disabled={!underReview} onClick={() => selected && confirmWithdraw(selected)}>
          {t('goodsApply.withdraw')}
        </Button>
      )}
      {canChange && (
        <Button danger disabled={selected?.status !== '草稿'} onClick={() => selected && confirmDelete(selected)}>
          {t('goodsApply.delete')}
        </Button>
      )}
      <Typography.Text type="secondary" aria-live="polite">
        {selected ? t('goodsApply.selected', { name: selected.goodsName, no: selected.applyNo }) : t('goodsApply.noneSelected')}
      </Typography.Text>
    </Space>
  );
  return (
    <Card>
      <ApplyList side="supplier" initialStatus="" onSelect={setSelected} onOpen={(a) => setViewing(a.applyNo)} actions={actions} />
      <Drawer
        open={viewing !== undefined}
        onClose={() => setViewing(undefined)}
        title={view.data ? `${view.data.apply.goodsName} ${view.data.apply.applyNo}` : t('goodsApply.detail')}
        size="large"
        destroyOnHidden
      >
        {view.data ? <ApplyView apply={view.data.apply} history={view.data.history} /> : <Skeleton active />}
      </Drawer>
      {editing && (!editing.applyNo || edited.data) && (
        <ApplyEditor key={editing.applyNo ?? 'new'} apply={edited.data?.apply} onClose={() => setEditing(undefined)} />
      )}
    </Card>
  );
}
