import { Col, Row } from 'antd';
import { SchedulesCard } from './delivery/schedules-card';
import { ShareLinksCard } from './delivery/share-links-card';
import { WhiteLabelPage } from './white-label-page';

/**
 * /white-label/delivery: branded reports handed over without a download, scheduled e-mails to a
 * client each week or month, and the share links made from the report screen.
 */
export function WhiteLabelDeliveryScreen() {
  return (
    <WhiteLabelPage tab="delivery">
      {() => (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <SchedulesCard />
          </Col>
          <Col xs={24} xl={10}>
            <ShareLinksCard />
          </Col>
        </Row>
      )}
    </WhiteLabelPage>
  );
}
