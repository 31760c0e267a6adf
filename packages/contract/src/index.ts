// The API contract: every call's shape, written once, imported by server and web.
export * from './call';
export * from './envelope';
export * from './constants';
export * from './paging';
export * as acceptance from './acceptance';
export * as auth from './auth';
export * as baseInfo from './base-info';
export * as menu from './menu';
export * as purchaseOrder from './purchase-order';
export * as system from './system';
export * as user from './user';
export type { LoginBody, LoginResult, LoginIdentity, UserInfo } from './auth';
export type { Permission, RouteItem } from './menu';
export type { UserInfoDetail } from './user';
export type { BusOption, CategoryNode } from './base-info';
export type { PurOrderSummary } from './purchase-order';
export type { AccCondition, AccDetail, AccGroup } from './acceptance';
