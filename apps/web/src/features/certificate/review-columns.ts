// Columns of the staff's certificate review grid: types and states read in the user's language while the grid's
// filters, sorting and the server keep comparing the Chinese values the rows hold.
import { type CertificateType, certificate as contract, type Language } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { GridColumn } from '../../components/data-grid';

export const reviewFields = [
  'suppName',
  'typeName',
  'ctfNumber',
  'ctfName',
  'barcode',
  'validTo',
  'status',
  'expiryState',
  'updatedAt',
] as const;

const titleKeys: Record<(typeof reviewFields)[number], string> = {
  suppName: 'certificate.supplier',
  typeName: 'certificate.type',
  ctfNumber: 'certificate.number',
  ctfName: 'certificate.name',
  barcode: 'certificate.barcode',
  validTo: 'certificate.validTo',
  status: 'certificate.status',
  expiryState: 'certificate.expiryState',
  updatedAt: 'certificate.updatedAt',
};

export function reviewColumns(t: TFunction, language: Language, types: CertificateType[]): GridColumn[] {
  // A type's Chinese name (the value the server filters by) to the name the user reads.
  const typeNames = new Map(types.map((type) => [type.typeName, contract.typeNameIn(language, type)]));
  const word = (field: string) => (value: string) =>
    t(`certificate.${field === 'status' ? 'statuses' : 'expiryStates'}.${value}`, { defaultValue: value });
  return reviewFields.map((field) => ({
    field,
    title: t(titleKeys[field]),
    width: field === 'suppName' || field === 'ctfName' ? 200 : field === 'updatedAt' ? 160 : 120,
    ...(field === 'validTo' ? { type: 'date' as const } : {}),
    ...(field === 'typeName' ? { display: (value: string) => typeNames.get(value) ?? value } : {}),
    ...(field === 'status' || field === 'expiryState' ? { display: word(field) } : {}),
  }));
}
