import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../reportError';
import { CrashScreen } from './CrashScreen';

interface Props {
  /** When given (the routes: the page's address), a new value clears the crash, so leaving the page recovers. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  key: string | undefined;
}

/** Reports a render error, then shows the apology screen (until `resetKey` changes, when one is given). */
export class CrashBoundary extends Component<Props, State> {
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
