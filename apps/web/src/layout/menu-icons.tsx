// The menu's icons: the server names them as the spec's template does (vue-element-admin's SVG names);
// each maps to an Ant Design icon, and an entry without a known one gets a neutral icon, so the collapsed
// sidebar shows an icon for every top-level entry rather than bare first characters.
import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  CarOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EditOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  GlobalOutlined,
  LinkOutlined,
  LockOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  TableOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const icons: Readonly<Record<string, () => ReactNode>> = {
  dashboard: () => <DashboardOutlined />,
  chart: () => <BarChartOutlined />,
  money: () => <MoneyCollectOutlined />,
  documentation: () => <SafetyCertificateOutlined />,
  peoples: () => <TeamOutlined />,
  user: () => <UserOutlined />,
  form: () => <FormOutlined />,
  link: () => <LinkOutlined />,
  guide: () => <CarOutlined />,
  'tree-table': () => <DatabaseOutlined />,
  table: () => <TableOutlined />,
  list: () => <UnorderedListOutlined />,
  search: () => <SearchOutlined />,
  'search-doc': () => <FileSearchOutlined />,
  audit: () => <AuditOutlined />,
  edit: () => <EditOutlined />,
  lock: () => <LockOutlined />,
  message: () => <MessageOutlined />,
  bell: () => <BellOutlined />,
  shopping: () => <ShopOutlined />,
  international: () => <GlobalOutlined />,
  setting: () => <SettingOutlined />,
  invoice: () => <FileTextOutlined />,
  bank: () => <BankOutlined />,
  notification: () => <NotificationOutlined />,
  robot: () => <RobotOutlined />,
};

/** The icon of a menu entry by the server's icon name; the neutral one where the name is unknown or empty. */
export function menuIcon(name: string | undefined): ReactNode {
  const icon = name ? Object.hasOwn(icons, name) && icons[name] : undefined;
  return icon ? icon() : <AppstoreOutlined />;
}
