// Every migration, by name. A static list (rather than reading the folder) works the same under
// tsx, vitest and any bundler. Names are ISO-date-prefixed so they sort in the order they run.
import type { Migration } from 'kysely';
import * as initial from './2026-11-22T0100_initial.ts';
import * as rateLimits from './2026-11-23T2300_rate_limits.ts';
import * as shop from './2026-11-24T0100_shop.ts';
import * as quoteRequests from './2026-11-24T0200_quote_requests.ts';
import * as imageMediumVariant from './2026-11-24T0300_image_medium_variant.ts';
import * as outgoingMail from './2026-11-26T0100_outgoing_mail.ts';
import * as shopTrustSignals from './2026-11-26T0200_shop_trust_signals.ts';
import * as bookings from './2026-11-26T0300_bookings.ts';
import * as repairJobs from './2026-11-26T0400_repair_jobs.ts';
import * as repairReviews from './2026-11-26T0401_repair_reviews.ts';
import * as securityAlerts from './2026-11-26T0500_security_alerts.ts';
import * as emailLoginCodes from './2026-11-26T0501_email_login_codes.ts';
import * as passkeys from './2026-11-26T0502_passkeys.ts';
import * as repairJobBookingFk from './2026-11-26T0600_repair_job_booking_fk.ts';
import * as quoteReplies from './2026-11-26T0700_quote_replies.ts';
import * as widgetShopDetails from './2026-11-26T0710_widget_shop_details.ts';
import * as shopEditedAt from './2026-11-26T0720_shop_edited_at.ts';
import * as contentVersions from './2026-11-26T0730_content_versions.ts';
import * as activityLog from './2026-11-26T0740_activity_log.ts';
import * as bin from './2026-11-26T0740_bin.ts';
import * as scheduledChanges from './2026-11-26T0800_scheduled_changes.ts';
import * as securityAlertRestoreEmail from './2026-12-01T2300_security_alert_restore_email.ts';
import * as knownDevicesByDeviceCookie from './2026-12-02T0100_known_devices_by_device_cookie.ts';
import * as imageFileKeyIndexes from './2026-12-02T0110_image_file_key_indexes.ts';
import * as passwordResetAt from './2026-12-02T0120_password_reset_at.ts';
import * as webauthnChallengeSession from './2026-12-02T0130_webauthn_challenge_session.ts';
import * as contentVersionsItemCreated from './2026-12-03T0100_content_versions_item_created.ts';
import * as activityKeysetIndexes from './2026-12-03T0200_activity_keyset_indexes.ts';
import * as openWorkPartialIndexes from './2026-12-03T0300_open_work_partial_indexes.ts';
import * as listIndexes from './2026-12-03T0400_list_indexes.ts';
import * as usersStaffRole from './2026-12-03T0600_users_staff_role.ts';
import * as activityUserItems from './2026-12-03T0700_activity_user_items.ts';
import * as usersListIndexes from './2026-12-03T0900_users_list_indexes.ts';
import * as staffInvitations from './2026-12-04T0100_staff_invitations.ts';
import * as messageThreads from './2026-12-04T0400_message_threads.ts';
import * as bookingTimeBuckets from './2026-12-04T0500_booking_time_buckets.ts';
import * as shopNotificationSettings from './2026-12-05T0300_shop_notification_settings.ts';
import * as bankHolidays from './2026-12-05T0400_bank_holidays.ts';
import * as bookingsEmailOptional from './2026-12-05T0500_bookings_email_optional.ts';
import * as oneReviewLink from './2026-12-05T0700_one_review_link.ts';
import * as estimates from './2026-12-05T0800_estimates.ts';
import * as blockedTimesEndsIndex from './2026-12-05T0900_blocked_times_ends_index.ts';
import * as paymentsAndInsurance from './2026-12-06T0100_payments_and_insurance.ts';
import * as insurerAuthorityStage from './2026-12-06T0400_insurer_authority_stage.ts';
import * as estimatesDeclinedIndex from './2026-12-06T0500_estimates_declined_index.ts';
import * as invoices from './2026-12-07T0200_invoices.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22T0100_initial': initial,
  '2026-11-23T2300_rate_limits': rateLimits,
  '2026-11-24T0100_shop': shop,
  '2026-11-24T0200_quote_requests': quoteRequests,
  '2026-11-24T0300_image_medium_variant': imageMediumVariant,
  '2026-11-26T0100_outgoing_mail': outgoingMail,
  '2026-11-26T0200_shop_trust_signals': shopTrustSignals,
  '2026-11-26T0300_bookings': bookings,
  '2026-11-26T0400_repair_jobs': repairJobs,
  '2026-11-26T0401_repair_reviews': repairReviews,
  '2026-11-26T0500_security_alerts': securityAlerts,
  '2026-11-26T0501_email_login_codes': emailLoginCodes,
  '2026-11-26T0502_passkeys': passkeys,
  '2026-11-26T0600_repair_job_booking_fk': repairJobBookingFk,
  '2026-11-26T0700_quote_replies': quoteReplies,
  '2026-11-26T0710_widget_shop_details': widgetShopDetails,
  '2026-11-26T0720_shop_edited_at': shopEditedAt,
  '2026-11-26T0730_content_versions': contentVersions,
  '2026-11-26T0740_activity_log': activityLog,
  '2026-11-26T0740_bin': bin,
  '2026-11-26T0800_scheduled_changes': scheduledChanges,
  '2026-12-01T2300_security_alert_restore_email': securityAlertRestoreEmail,
  '2026-12-02T0100_known_devices_by_device_cookie': knownDevicesByDeviceCookie,
  '2026-12-02T0110_image_file_key_indexes': imageFileKeyIndexes,
  '2026-12-02T0120_password_reset_at': passwordResetAt,
  '2026-12-02T0130_webauthn_challenge_session': webauthnChallengeSession,
  '2026-12-03T0100_content_versions_item_created': contentVersionsItemCreated,
  '2026-12-03T0200_activity_keyset_indexes': activityKeysetIndexes,
  '2026-12-03T0300_open_work_partial_indexes': openWorkPartialIndexes,
  '2026-12-03T0400_list_indexes': listIndexes,
  '2026-12-03T0600_users_staff_role': usersStaffRole,
  '2026-12-03T0700_activity_user_items': activityUserItems,
  '2026-12-03T0900_users_list_indexes': usersListIndexes,
  '2026-12-04T0100_staff_invitations': staffInvitations,
  '2026-12-04T0400_message_threads': messageThreads,
  '2026-12-04T0500_booking_time_buckets': bookingTimeBuckets,
  '2026-12-05T0300_shop_notification_settings': shopNotificationSettings,
  '2026-12-05T0400_bank_holidays': bankHolidays,
  '2026-12-05T0500_bookings_email_optional': bookingsEmailOptional,
  '2026-12-05T0700_one_review_link': oneReviewLink,
  '2026-12-05T0800_estimates': estimates,
  '2026-12-05T0900_blocked_times_ends_index': blockedTimesEndsIndex,
  '2026-12-06T0100_payments_and_insurance': paymentsAndInsurance,
  '2026-12-06T0400_insurer_authority_stage': insurerAuthorityStage,
  '2026-12-06T0500_estimates_declined_index': estimatesDeclinedIndex,
  '2026-12-07T0200_invoices': invoices,
};
