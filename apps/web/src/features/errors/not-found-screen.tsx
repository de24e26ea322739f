import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export const NOT_FOUND_TEXT = 'The page you are looking for may be missing, removed or mistyped.';

export function NotFoundScreen({ homePath }: { homePath: string | null }) {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle={NOT_FOUND_TEXT}
      extra={
        homePath ? (
          <Button type="primary" onClick={() => navigate(homePath)}>
            Back to dashboard
          </Button>
        ) : (
          <Button onClick={() => navigate(-1)}>Go back</Button>
        )
      }
    />
  );
}
