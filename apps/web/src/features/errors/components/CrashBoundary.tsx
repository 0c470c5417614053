import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../reportError';
import { CrashScreen } from './CrashScreen';

interface State {
  error: Error | null;
}

/** Catches render errors outside the router (the routes have their own, RouteCrashBoundary). */
export class CrashBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
    reportError(error, 'boundary');
  }

  override render() {
    return this.state.error ? <CrashScreen /> : this.props.children;
  }
}
