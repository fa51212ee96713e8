import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Alert } from '#client/components/ui/alert.tsx';
import { clearSiteNotice, useSiteNotice } from '#client/lib/site-notice.ts';

/** The notice of lib/site-notice.ts, above the page it was meant for. */
export function SiteNoticeBanner() {
  const notice = useSiteNotice();
  const [location] = useLocation();
  const isHere = notice !== null && notice.path === location;
  useEffect(() => {
    if (notice && !isHere) clearSiteNotice();
  }, [notice, isHere]);
  if (!isHere) return null;
  return (
    <div className="container site-notice">
      <Alert tone="success">{notice.message}</Alert>
    </div>
  );
}
