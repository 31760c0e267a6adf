// The certificate types every tenant starts with (domain.md); staff may change them or add their own.
export interface DefaultCertificateType {
  typeCode: string;
  typeName: string;
  typeNameEn: string;
  scope: 'supplier' | 'goods';
  mandatory: boolean;
  annualReview: boolean;
}

export const defaultCertificateTypes: DefaultCertificateType[] = [
  { typeCode: 'YYZZ', typeName: '营业执照', typeNameEn: 'Business licence', scope: 'supplier', mandatory: true, annualReview: true },
  {
    typeCode: 'SPJY',
    typeName: '食品经营许可证',
    typeNameEn: 'Food business licence',
    scope: 'supplier',
    mandatory: true,
    annualReview: false,
  },
  { typeCode: 'SCXK', typeName: '生产许可证', typeNameEn: 'Production licence', scope: 'supplier', mandatory: false, annualReview: true },
  {
    typeCode: 'SBZC',
    typeName: '商标注册证',
    typeNameEn: 'Trademark registration',
    scope: 'supplier',
    mandatory: false,
    annualReview: false,
  },
  {
    typeCode: 'ZJBG',
    typeName: '质检报告',
    typeNameEn: 'Quality inspection report',
    scope: 'goods',
    mandatory: false,
    annualReview: false,
  },
];
