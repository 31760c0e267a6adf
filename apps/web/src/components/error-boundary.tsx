// Catches a failed render, logs it for the error log panel, and shows a message instead of a blank page.
import { Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18n from '../i18n';
import { useErrorLogStore } from '../stores/error-log';

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    useErrorLogStore.getState().add({ message: error.message, info: info.componentStack ?? '', stack: error.stack ?? '' });
  }

  override render() {
    if (this.state.error) return <Result status="error" title={i18n.t('shell.pageFailed')} subTitle={this.state.error.message} />;
    return this.props.children;
  }
}
