import {
  AimOutlined,
  AlertOutlined,
  ApartmentOutlined,
  BarChartOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DisconnectOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FundOutlined,
  LinkOutlined,
  RadarChartOutlined,
  RobotOutlined,
  SearchOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { NavItem } from './navigation';

const ICONS: Record<NavItem['icon'], typeof DashboardOutlined> = {
  dashboard: DashboardOutlined,
  deep: ApartmentOutlined,
  ai: RobotOutlined,
  llm: RadarChartOutlined,
  checkup: FileSearchOutlined,
  backlinks: LinkOutlined,
  keywords: BarChartOutlined,
  position: AimOutlined,
  research: SearchOutlined,
  speed: ThunderboltOutlined,
  outage: AlertOutlined,
  report: FileTextOutlined,
  brokenLinks: DisconnectOutlined,
  sitemap: ClusterOutlined,
};

export function NavIcon({ name }: { name: NavItem['icon'] }) {
  const Icon = ICONS[name] ?? FundOutlined;
  return <Icon />;
}
