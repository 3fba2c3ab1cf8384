import { useOpenDialog } from '@/stores/dialogs';
import { PasswordResetFlow } from './PasswordResetFlow';
import { SignInDialog } from './SignInDialog';
import { SignUpFlow } from './SignUpFlow';
// The sentences of refusals only these dialogs meet, with their catalogue.
import './known-messages';

/** The identity dialog that is open, if any; each opening starts its flow afresh. */
export default function AuthDialogs() {
  const open = useOpenDialog();
  switch (open) {
    case 'login':
      return <SignInDialog key={open} audience="trainee" />;
    case 'trainerLogin':
      return <SignInDialog key={open} audience="trainer" />;
    case 'registration':
      return <SignUpFlow key={open} audience="trainee" />;
    case 'trainerRegistration':
      return <SignUpFlow key={open} audience="trainer" />;
    case 'verification':
      return <SignUpFlow key={open} audience="trainee" verify />;
    case 'trainerVerification':
      return <SignUpFlow key={open} audience="trainer" verify />;
    case 'forgotPassword':
      return <PasswordResetFlow key={open} audience="trainee" />;
    case 'trainerForgotPassword':
      return <PasswordResetFlow key={open} audience="trainer" />;
    default:
      return null;
  }
}
