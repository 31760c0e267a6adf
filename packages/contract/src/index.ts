// The API contract: every call's shape, written once, imported by server and web.
export * from './call';
export * from './envelope';
export * from './constants';
export * from './modules';
export * from './paging';
export * from './decimal';
export * from './history';
export * from './file-kinds';
export * from './language';
export * as acceptance from './acceptance';
export * as auth from './auth';
export * as mfa from './mfa';
export * as baseInfo from './base-info';
export * as common from './common';
export * as dashboard from './dashboard';
export * as employee from './employee';
export * as file from './file';
export * as menu from './menu';
export * as purchaseOrder from './purchase-order';
export * as deliveryNote from './delivery-note';
export * as system from './system';
export * as usageLog from './usage-log';
export { LogConstants } from './usage-log';
export * as user from './user';
export * as session from './session';
export type { DeviceType, SessionRow } from './session';
export * as settlement from './settlement';
export * as integration from './integration';
export * as performance from './performance';
export * as notification from './notification';
export * as notifyDelivery from './notify-delivery';
export * as orderSettings from './order-settings';
export * as audit from './audit';
export type { OrderSettings, SettingCode, SettingsChange } from './order-settings';
export type { CodeNeeded, LoginBody, LoginResult, LoginIdentity, UserInfo } from './auth';
export type { MfaPolicy, MfaStatus } from './mfa';
export type { ExternalModule, Permission, RouteItem } from './menu';
export type { UserInfoDetail } from './user';
export type { BrandForm, BrandRow, BusOption, CategoryForm, CategoryNode, DeptRow } from './base-info';
export type { PurOrderSummary } from './purchase-order';
export type { AccCondition, AccDetail, AccDetailSortField, AccGroup } from './acceptance';
export type { ComingDelivery, DeliveryOverview, Overview } from './dashboard';
export type { PerformanceFigures, RankingRow, RankingSortField, SupplierPerformance } from './performance';
export type { Employee, EmployeeForm, EmployeeStatus, ResourceNode } from './employee';
export type { UsageRecord } from './usage-log';
export type { StoredFile } from './file';
export * from './spec-calls';
export type {
  AccountingUnit,
  BillAction,
  BillDetail,
  BillLine,
  BillStatus,
  BillSummary,
  Charge,
  CheckDetail,
  CostDocument,
  Invoice,
  Payment,
  RateTotal,
  SettleStatus,
  SourceRef,
  SourceType,
  SupplierContract,
} from './settlement';
export * as certificate from './certificate';
export * as dock from './dock';
export type { BoardSlot, BookableNote, Booking, BookingStatus, Slot, SlotPattern } from './dock';
export type {
  Certificate,
  CertificateStatus,
  CertificateSummary,
  CertificateType,
  CtfForm,
  ExpiryState,
  ImportRow,
  TypeOverview,
} from './certificate';
export type { AccUnitForm, AccUnitRow } from './base-info';
export * as print from './print';
export type { PrintFieldKind, PrintRecord, PrintableRecord } from './print';
export * as goodsApply from './goods-apply';
export type { ApplyDetail, ApplyForm, ApplyStatus, ApplySummary, LinkedCtf, NewAppInfo, ReviewStep } from './goods-apply';
export * as supplierApply from './supplier-apply';
export type {
  ApplyDetail as SupplierApplyDetail,
  ApplyForm as SupplierApplyForm,
  ApplyRow as SupplierApplyRow,
  ApplyState as SupplierApplyState,
  ApplyStatus as SupplierApplyStatus,
  SupplierRow,
  SupplierStatus,
} from './supplier-apply';
export * as dynamicQuery from './dynamic-query';
export type {
  ClientForm,
  ClientWithSecret,
  IntegrationClient,
  IntegrationEntity,
  IntegrationScope,
  TokenAnswer,
  TokenError,
} from './integration';
export type {
  DefinitionSummary,
  PageDefinition,
  ParamPicker,
  ParamValues,
  PublishTargets,
  QueryColumn,
  QueryDefinition,
  QueryParam,
  ResultRow,
  RunQuery,
} from './dynamic-query';
