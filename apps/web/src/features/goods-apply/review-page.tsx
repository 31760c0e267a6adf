// /goodsApplyAudit (module ms0060), also /goodsApplyAduitFromRmc (the same review framed in the
// merchandising system): what waits for the step of the reviewer's role (/workFlow/getNewAppInfo), the
// applications paged on the server, and one application to take into review, approve or return with a comment.
import { type ApplyDetail, type ApplySummary, goodsApply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Drawer, Input, Skeleton, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import { type Verdict, detailQuery, newAppInfoQuery, useReviewApply } from './api';
import { ApplyView } from './apply-detail';
import { ApplyList } from './apply-list';

/** The step an application waits for. */
const stepOf = (a: ApplyDetail) =>
  a.status === '已提交' || a.status === '采购审核' ? '采购审核' : a.status === '资质审核' ? '资质审核' : null;

function ReviewActions({ apply, onDone }: { apply: ApplyDetail; onDone(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const role = useUserStore((s) => s.roles?.[0]);
  const review = useReviewApply();
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const step = stepOf(apply);
  if (!step) return null;
  if (role !== goodsApply.stepRoles[step]) return <Typography.Text type="secondary">{t('goodsAudit.notYourStep')}</Typography.Text>;
  const run = (verdict: Verdict) => {
    if (verdict === 'reject' && !comment.trim()) {
      setError(t('goodsAudit.rejectRequired'));
      return;
    }
    setError('');
    review.mutate(
      { verdict, applyNo: apply.applyNo, comment: comment.trim() },
      {
        onSuccess: () => {
          setComment('');
          void message.success(t('goodsAudit.done'));
          if (verdict !== 'accept') onDone();
        },
        onError: (err) => void message.error(err.message, 5),
      },
    );
  };
  return (
    <Card size="small" title={step}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.TextArea
          aria-label={t('goodsAudit.comment')}
          placeholder={t('goodsAudit.commentPlaceholder')}
          maxLength={200}
          showCount
          rows={3}
          value={comment}
          status={error ? 'error' : undefined}
          onChange={(e) => setComment(e.target.value)}
        />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        <Space wrap>
          {apply.status === '已提交' && (
            <Button loading={review.isPending} onClick={() => run('accept')}>
              {t('goodsAudit.accept')}
            </Button>
          )}
          <Button type="primary" loading={review.isPending} onClick={() => run('approve')}>
            {t('goodsAudit.approve')}
          </Button>
          <Button danger loading={review.isPending} onClick={() => run('reject')}>
            {t('goodsAudit.reject')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}

export default function ReviewPage() {
  const { t } = useTranslation();
  const role = useUserStore((s) => s.roles?.[0]);
  const info = useQuery(newAppInfoQuery);
  const [selected, setSelected] = useState<ApplySummary>();
  const [viewing, setViewing] = useState<string>();
  const view = useQuery(detailQuery('audit', viewing));
  const initialStatus = role === goodsApply.stepRoles['资质审核'] ? '资质审核' : role === goodsApply.stepRoles['采购审核'] ? '已提交' : '';
  const data = info.data;
  // The server answers the step of the caller's role; known before it answers, for the placeholder's shape.
  const ownsStep = goodsApply.reviewSteps.some((step) => goodsApply.stepRoles[step] === role);
  return (
    <Card>
      <Card size="small" title={t('goodsAudit.waitingTitle')} style={{ marginBottom: 16 }}>
        {!data ? (
          // The card's own shape while the counts load (the states' figures, then the line of the caller's step), so that the
          // list below stays where it is when they come (a paragraph skeleton moved it: CLS 0.05).
          <Space direction="vertical" style={{ width: '100%' }} aria-busy>
            <Space wrap size={24}>
              {goodsApply.applyStatuses
                .filter((state) => state !== '草稿')
                .map((state) => (
                  <Statistic
                    key={state}
                    title={t(`goodsApply.statuses.${state}`)}
                    value={0}
                    valueRender={() => <Skeleton.Input active size="small" />}
                  />
                ))}
            </Space>
            {ownsStep ? (
              <Button type="primary" loading disabled>
                {t('goodsAudit.openNewest')}
              </Button>
            ) : (
              <Alert type="info" showIcon message={t('goodsAudit.readOnly')} />
            )}
          </Space>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap size={24}>
              {Object.entries(data.counts).map(([state, n]) => (
                <Statistic key={state} title={t(`goodsApply.statuses.${state}`, { defaultValue: state })} value={n} />
              ))}
            </Space>
            {data.step ? (
              <Space wrap>
                <Typography.Text strong>{t('goodsAudit.waiting', { step: data.step, count: data.waiting })}</Typography.Text>
                {data.newest && (
                  <>
                    <Typography.Text>
                      {t('goodsAudit.newest', { name: data.newest.goodsName, supplier: data.newest.suppName })}
                    </Typography.Text>
                    <Button type="primary" onClick={() => setViewing(data.newest!.applyNo)}>
                      {t('goodsAudit.openNewest')}
                    </Button>
                  </>
                )}
              </Space>
            ) : (
              <Alert type="info" showIcon message={t('goodsAudit.readOnly')} />
            )}
          </Space>
        )}
      </Card>
      <ApplyList
        side="audit"
        initialStatus={initialStatus}
        onSelect={setSelected}
        onOpen={(a) => setViewing(a.applyNo)}
        actions={
          <Space wrap style={{ marginBottom: 12 }}>
            <Button type="primary" disabled={!selected} onClick={() => selected && setViewing(selected.applyNo)}>
              {t('goodsApply.detail')}
            </Button>
            <Typography.Text type="secondary" aria-live="polite">
              {selected ? t('goodsApply.selected', { name: selected.goodsName, no: selected.applyNo }) : t('goodsApply.noneSelected')}
            </Typography.Text>
          </Space>
        }
      />
      <Drawer
        open={viewing !== undefined}
        onClose={() => setViewing(undefined)}
        title={view.data ? `${view.data.apply.goodsName} ${view.data.apply.applyNo}` : t('goodsApply.detail')}
        size="large"
        destroyOnHidden
      >
        {view.data ? (
          <Space direction="vertical" style={{ width: '100%' }} size={16}>
            <ReviewActions apply={view.data.apply} onDone={() => undefined} />
            <ApplyView apply={view.data.apply} history={view.data.history} />
          </Space>
        ) : (
          <Skeleton active />
        )}
      </Drawer>
    </Card>
  );
}
