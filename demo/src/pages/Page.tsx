// A page's heading, lead and document title.
import { type ReactNode, useEffect } from 'react';
import { useText } from '../i18n.js';

export function Page({
  title,
  lead,
  className,
  children,
}: {
  title: string;
  lead?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const text = useText();
  useEffect(() => {
    document.title = `${title} · ${text.brand}`;
  }, [title, text.brand]);
  return (
    <div className={className ? `demo-page ${className}` : 'demo-page'}>
      <div className="demo-page-head">
        <h1>{title}</h1>
        {lead ? <p className="demo-lead">{lead}</p> : null}
      </div>
      {children}
    </div>
  );
}
