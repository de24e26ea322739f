import { useParams } from 'react-router';
import { RegisterScreen } from './register-screen';

export function JoinTeamScreen() {
  const { token = '' } = useParams();
  return <RegisterScreen invitationToken={token} />;
}
