import { useLocation } from 'wouter';
import { LandingPage } from '../../ui/Landing';
import { useUser } from '../app-services';

/** `/` and `/landing/first`: the landing sections; the calls to action follow the sign-in state. */
export default function LandingRoute() {
  const user = useUser();
  const [, navigate] = useLocation();
  return <LandingPage authenticated={user?.is_authenticated === true} onNavigate={navigate} />;
}
