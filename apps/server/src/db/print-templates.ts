// The print templates every tenant starts with, one or two per print type; staff may add their own.
import type { common } from '@portal/contract';

type PrintTemplate = common.PrintTemplate;

type Column = PrintTemplate['layout']['columns'][number];
const col = (field: string, label: string, width: number, align: Column['align'] = 'left'): Column => ({ field, label, width, align });
const goodsColumns = [
  col('goodsCode', '商品编码', 18),
  col('barcode', '条码', 28),
  col('goodsName', '商品名称', 48),
  col('spec', '规格', 18),
  col('unit', '单位', 10, 'center'),
];

export const defaultPrintTemplates: PrintTemplate[] = [
  {
    templateCode: 'PO-A4',
    templateName: '采购订单（A4 纵向）',
    printTypeCode: 'purOrder',
    isDefault: true,
    paperSize: 'A4',
    orientation: 'portrait',
    margins: [12, 10, 12, 10],
    layout: {
      title: '采购订单',
      header: [
        { field: 'billNumber', label: '订单号' },
        { field: 'suppName', label: '供应商' },
        { field: 'deptName', label: '收货门店' },
        { field: 'orderDate', label: '订单日期' },
        { field: 'deliveryDate', label: '送货日期' },
        { field: 'deliveryMode', label: '配送方式' },
      ],
      columns: [
        ...goodsColumns,
        col('orderQty', '订货数量', 18, 'right'),
        col('price', '含税进价', 18, 'right'),
        col('amount', '金额', 20, 'right'),
      ],
      footer: [
        { field: 'totalQty', label: '合计数量' },
        { field: 'totalAmount', label: '合计金额' },
      ],
      note: '供应商签字：____________　　收货人签字：____________',
    },
  },
  {
    templateCode: 'PO-241',
    templateName: '采购订单（针式 241×140）',
    printTypeCode: 'purOrder',
    isDefault: false,
    paperSize: '241x140',
    orientation: 'landscape',
    margins: [6, 6, 6, 6],
    layout: {
      title: '采购订单',
      header: [
        { field: 'billNumber', label: '订单号' },
        { field: 'deptName', label: '门店' },
        { field: 'deliveryDate', label: '送货日期' },
      ],
      columns: [
        col('goodsName', '商品名称', 60),
        col('spec', '规格', 20),
        col('orderQty', '数量', 18, 'right'),
        col('amount', '金额', 22, 'right'),
      ],
      footer: [{ field: 'totalAmount', label: '合计金额' }],
      note: '收货人签字：__________',
    },
  },
  {
    templateCode: 'PO-A5',
    templateName: '采购订单（A5 横向，送货随附）',
    printTypeCode: 'purOrder',
    isDefault: false,
    paperSize: 'A5',
    orientation: 'landscape',
    margins: [8, 8, 8, 8],
    layout: {
      title: '采购订单 {{billNumber}}',
      header: [
        { field: 'suppName', label: '供应商' },
        { field: 'deptName', label: '收货门店' },
        { field: 'deliveryDate', label: '送货日期' },
        { field: 'status', label: '状态' },
      ],
      columns: [
        col('lineNo', '行号', 8, 'center'),
        col('barcode', '条码', 26),
        col('goodsName', '商品名称', 44),
        col('unit', '单位', 10, 'center'),
        col('orderQty', '订货数量', 16, 'right'),
        col('receivedQty', '已到货', 16, 'right'),
      ],
      footer: [
        { field: 'lineCount', label: '行数' },
        { field: 'totalQty', label: '合计数量' },
      ],
      note: '{{deptName}} 收货人签字：__________',
    },
  },
  {
    templateCode: 'ACC-A4',
    templateName: '验收单（A4 纵向）',
    printTypeCode: 'receiving',
    isDefault: true,
    paperSize: 'A4',
    orientation: 'portrait',
    margins: [12, 10, 12, 10],
    layout: {
      title: '商品验收单',
      header: [
        { field: 'billNumber', label: '验收单号' },
        { field: 'suppName', label: '供应商' },
        { field: 'deptName', label: '验收门店' },
        { field: 'accDate', label: '验收日期' },
        { field: 'poBillNumber', label: '采购订单号' },
      ],
      columns: [
        ...goodsColumns,
        col('acceptedQty', '验收数量', 18, 'right'),
        col('price', '含税进价', 18, 'right'),
        col('amount', '金额', 20, 'right'),
      ],
      footer: [{ field: 'totalAmount', label: '合计金额' }],
      note: '验收人签字：__________　　供应商签字：__________',
    },
  },
  {
    templateCode: 'SAM-A4',
    templateName: '结算单（A4 横向）',
    printTypeCode: 'samBill',
    isDefault: true,
    paperSize: 'A4',
    orientation: 'landscape',
    margins: [10, 12, 10, 12],
    layout: {
      title: '供应商结算单',
      header: [
        { field: 'billNumber', label: '结算单号' },
        { field: 'suppName', label: '供应商' },
        { field: 'periodStart', label: '结算期间自' },
        { field: 'periodEnd', label: '至' },
        { field: 'status', label: '状态' },
      ],
      columns: [
        col('docType', '单据类型', 16),
        col('docNumber', '单据号', 30),
        col('docDate', '日期', 20),
        col('deptName', '门店', 30),
        col('amount', '金额', 22, 'right'),
        col('taxRate', '税率', 12, 'right'),
      ],
      footer: [
        { field: 'goodsAmount', label: '货款' },
        { field: 'chargeAmount', label: '费用' },
        { field: 'payableAmount', label: '应付金额' },
      ],
      note: '供应商（盖章）：____________　　财务审核：____________　　{{companyName}}',
    },
  },
  {
    templateCode: 'ADJ-A4',
    templateName: '调价单（A4 纵向）',
    printTypeCode: 'adjustPrice',
    isDefault: true,
    paperSize: 'A4',
    orientation: 'portrait',
    margins: [12, 10, 12, 10],
    layout: {
      title: '商品调价单',
      header: [
        { field: 'billNumber', label: '调价单号' },
        { field: 'suppName', label: '供应商' },
        { field: 'effectiveDate', label: '生效日期' },
      ],
      columns: [...goodsColumns, col('oldPrice', '原进价', 18, 'right'), col('newPrice', '新进价', 18, 'right')],
      footer: [{ field: 'reason', label: '调价原因' }],
      note: '采购审核：__________　　供应商确认：__________',
    },
  },
  {
    templateCode: 'CHG-A4',
    templateName: '商品变更单（A4 纵向）',
    printTypeCode: 'goodsChange',
    isDefault: true,
    paperSize: 'A4',
    orientation: 'portrait',
    margins: [12, 10, 12, 10],
    layout: {
      title: '商品资料变更单',
      header: [
        { field: 'billNumber', label: '变更单号' },
        { field: 'suppName', label: '供应商' },
        { field: 'applyDate', label: '申请日期' },
      ],
      columns: [...goodsColumns, col('changedField', '变更项', 20), col('oldValue', '原值', 24), col('newValue', '新值', 24)],
      footer: [{ field: 'remark', label: '备注' }],
      note: '商品部审批：__________　　供应商确认：__________',
    },
  },
];
