import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../reportError';
import { CrashScreen } from './CrashScreen';

interface Props {
  /** The page's address: a new address clears the crash, as leaving the page did under the data router. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  key: string;
}

/**
 * The routes' error boundary: reports a page's render error, then shows the apology screen until the shopper
 * goes to another address.
 */
export class RouteCrashBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown render error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    reportError(error, 'boundary');
  }

  override render() {
    return this.state.error ? <CrashScreen /> : this.props.children;
  }
}
