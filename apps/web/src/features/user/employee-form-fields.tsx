// Fields of the employee edit form (spec section 3), checked by the contract's own rules as the user
// types; the account code and the mobile number are also checked against the server for uniqueness.
import { employee } from '@portal/contract';
import { Col, DatePicker, Divider, Form, Input, Radio, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { StorePicker } from '../../components/pickers/store-picker';
import { isBeforeBusinessToday } from '../../lib/business-day';
import { contractRule } from '../../lib/contract-rule';
import { isCodeFree, isMobileFree } from './api';

/** The form's values: the contract's form with the expiry as a date picker value. */
export type FormValues = Omit<z.input<typeof employee.employeeForm>, 'matureDate'> & { matureDate?: Dayjs | null };

const fields = employee.employeeForm.shape;

const span = { xs: 24, md: 12, xl: 8 };

export function EmployeeFormFields({ mode, editingCode }: { mode: 'new' | 'edit' | 'copy' | 'view'; editingCode: string | undefined }) {
  const { t } = useTranslation();
  const readOnly = mode === 'view';
  const creating = mode === 'new' || mode === 'copy';
  const label = (key: string) => t(`employee.detail.${key}`);

  const codeRules: Rule[] = [contractRule(fields.empCode)];
  if (creating) {
    codeRules.push({
      validator: async (_, value: string) => {
        if (value && !(await isCodeFree(value.trim()))) throw new Error(label('codeTaken'));
      },
    });
  }
  const mobileRules: Rule[] = [
    contractRule(fields.mobile),
    {
      validator: async (_, value: string) => {
        if (value && !(await isMobileFree(value.trim(), creating ? undefined : editingCode))) throw new Error(label('mobileTaken'));
      },
    },
  ];

  return (
    <>
      <Divider titlePlacement="start">{label('account')}</Divider>
      <Row gutter={16}>
        <Col {...span}>
          <Form.Item name="empCode" label={label('empCode')} required rules={codeRules} validateDebounce={300} hasFeedback={creating}>
            <Input disabled={!creating} maxLength={32} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="name" label={label('name')} required rules={[contractRule(fields.name)]}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="mobile" label={label('mobile')} required rules={mobileRules} validateDebounce={300} hasFeedback>
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="email" label={label('email')} rules={[contractRule(fields.email)]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="sex" label={label('sex')}>
            <Radio.Group
              options={[
                { value: '男', label: label('male') },
                { value: '女', label: label('female') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="matureDate" label={label('matureDate')} extra={readOnly ? undefined : label('matureDateHint')}>
            <DatePicker style={{ width: '100%' }} disabledDate={isBeforeBusinessToday} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{label('work')}</Divider>
      <Row gutter={16}>
        <Col {...span}>
          <Form.Item name="loginName" label={label('loginName')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="position" label={label('position')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="deptCode" label={label('deptCode')}>
            <StorePicker width="100%" placeholder={t('pickers.chooseDept')} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="cardNo" label={label('cardNo')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{label('other')}</Divider>
      <Row gutter={16}>
        <Col {...span}>
          <Form.Item name="headPicUrl" label={label('headPicUrl')}>
            <Input maxLength={500} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="wxQRCode" label={label('wxQRCode')}>
            <Input maxLength={500} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="profies" label={label('profies')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="remark" label={label('remark')}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
