/**
 * Where a person lands after signing in when no page sent them: staff go to the first admin
 * screen their permissions open (an owner and an estimator the dashboard, a technician the repair
 * board, an editor the widgets), everyone else home. The sign-in form posted without JavaScript
 * (server/forms/native-forms.plugin.ts) and the client's sign-in screens both ask this.
 */
import { holdsPermission, isStaff, type StaffFacts } from './permissions.ts';
import { SCREENS, type ScreenEntry } from './screens.ts';
import { screenPath, type ScreenWithoutParams } from './screen-paths.ts';

/** The admin screens a sign-in may land on, first choice first. */
const STAFF_LANDINGS: readonly ScreenWithoutParams[] = ['adminDashboard', 'adminRepairs', 'adminWidgets', 'adminQuotes', 'adminBookings'];

/** The admin screen a staff member starts on, or null for someone who is not staff (or whose permissions open none of them). */
export function staffLanding(user: StaffFacts | null | undefined): string | null {
  if (!isStaff(user)) return null;
  const first = STAFF_LANDINGS.find((screen) => {
    const permission = (SCREENS[screen] as ScreenEntry).permission;
    return permission === undefined || holdsPermission(user, permission);
  });
  return first ? screenPath(first) : null;
}

/** Where signing in takes someone with no `?redirect=`: their staff landing, else home. */
export function landingOf(user: StaffFacts | null | undefined): string {
  return staffLanding(user) ?? screenPath('home');
}
