import { Button, Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { NavIcon } from '../../layout/nav-icon';
import type { NavItem } from '../../layout/navigation';
import { isRouted } from '../../screens';

/** The tool tiles of the empty dashboard (spec 2.2: both readings of the list). */
const TOOLS: { path: string; title: string; text: string; icon: NavItem['icon'] }[] = [
  {
    path: '/analysis',
    title: 'SEO Checkup',
    text: 'Score any page on 95 checks, with how to fix each.',
    icon: 'checkup',
  },
  {
    path: '/deep-analysis',
    title: 'Deep Analysis',
    text: 'Crawl a whole site and group its pages.',
    icon: 'deep',
  },
  {
    path: '/backlinks',
    title: 'Backlinks',
    text: 'Who links to you, and how that changes.',
    icon: 'backlinks',
  },
  {
    path: '/top-keywords',
    title: 'Top Keywords',
    text: 'The searches your domain ranks for.',
    icon: 'keywords',
  },
  {
    path: '/keyword-research',
    title: 'Keyword Research',
    text: 'Find the searches worth targeting.',
    icon: 'research',
  },
  { path: '/site-speed', title: 'Site Speed', text: 'Loading time from around the world.', icon: 'speed' },
  { path: '/site-outage', title: 'Site Outage', text: 'Uptime checks and outage alerts.', icon: 'outage' },
  {
    path: '/broken-links',
    title: 'Broken Links',
    text: 'Links on your site that lead nowhere.',
    icon: 'brokenLinks',
  },
  {
    path: '/sitemap-generator',
    title: 'Sitemap Generator',
    text: 'A sitemap.xml from a crawl of your site.',
    icon: 'sitemap',
  },
  {
    path: '/white-label/reports',
    title: 'White Label Reports',
    text: 'Reports under your own brand.',
    icon: 'report',
  },
];

/** No tracked website yet: a welcome, 'Setup your account', and the tools. */
export function EmptyDashboard({ name, onSetup }: { name: string; onSetup(): void }) {
  return (
    <>
      <Card className="dashboard-welcome">
        <Typography.Title level={3}>Welcome, {name}</Typography.Title>
        <Typography.Paragraph type="secondary">
          Add your website: we find its homepage, sitemaps and market, run its first SEO checkup and gather
          its scores here.
        </Typography.Paragraph>
        <Button type="primary" size="large" onClick={onSetup}>
          Setup your account
        </Button>
      </Card>
      <Row gutter={[16, 16]} className="tool-tiles">
        {TOOLS.map((tool) => {
          const routed = isRouted(tool.path);
          const body = (
            <Card
              size="small"
              hoverable={routed}
              className={routed ? 'tool-tile' : 'tool-tile tool-tile-soon'}
            >
              <Typography.Text strong>
                <NavIcon name={tool.icon} /> {tool.title}
              </Typography.Text>
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                {routed ? tool.text : `${tool.text} Not available yet.`}
              </Typography.Paragraph>
            </Card>
          );
          return (
            <Col key={tool.path} xs={24} sm={12} lg={8} xl={6}>
              {routed ? <Link to={tool.path}>{body}</Link> : body}
            </Col>
          );
        })}
      </Row>
    </>
  );
}
