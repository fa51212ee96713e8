/**
 * The private-link tokens (auth/private-links.ts) behind the manage, tracker and review links:
 * their purposes keep them apart, and a link mailed before an APP_KEY rotation is still the link
 * a mail sends afterwards, for all three kinds.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { currentManageToken, hashManageToken, manageToken, newManageSalt } from '#server/bookings/manage-link.ts';
import { currentTrackerToken, newTrackerSalt, trackerToken, trackerTokenHash } from '#server/repair-jobs/tracker-links.ts';
import { currentReviewToken, newReviewSalt, reviewToken, reviewTokenHash } from '#server/reviews/review-links.ts';
import { currentEstimateToken, estimateToken, estimateTokenHash, newEstimateSalt } from '#server/estimates/estimate-links.ts';
import { currentInvitationToken, invitationToken, invitationTokenHash, newInvitationSalt } from '#server/users/invitation-links.ts';

const previousKey = randomBytes(32);
const currentKey = randomBytes(32);

describe('private-link tokens', () => {
  it('keep the format of the links already mailed', () => {
    const salt = newManageSalt();
    expect(manageToken(currentKey, salt)).toBe(createHmac('sha256', currentKey).update(`booking-manage:${salt}`).digest('base64url'));
    const jobSalt = newTrackerSalt();
    expect(trackerToken(currentKey, 7, jobSalt)).toBe(
      createHmac('sha256', currentKey).update(`repair-tracker|7|${jobSalt}`).digest('base64url'),
    );
    expect(reviewToken(currentKey, 7, jobSalt)).toBe(
      createHmac('sha256', currentKey).update(`repair-review|7|${jobSalt}`).digest('base64url'),
    );
    const token = manageToken(currentKey, salt);
    expect(hashManageToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('separate the purposes: a tracker token is neither a manage nor a review token for the same row', () => {
    const salt = newTrackerSalt();
    const tracker = trackerToken(currentKey, 7, salt);
    expect(reviewToken(currentKey, 7, salt)).not.toBe(tracker);
    const job = { id: 7, tracker_salt: salt, tracker_token_hash: trackerTokenHash(tracker) };
    expect(currentTrackerToken([currentKey], job)).toBe(tracker);
    // The tracker's stored hash does not make a review link of the same job and salt.
    expect(currentReviewToken([currentKey], { repair_job_id: 7, token_salt: salt, token_hash: job.tracker_token_hash })).toBeNull();
    expect(currentManageToken([currentKey], { manage_salt: salt, manage_token_hash: job.tracker_token_hash })).toBeNull();
  });

  it('a link minted under the previous key is still the link of all three kinds after a rotation', () => {
    const rotated = [currentKey, previousKey];
    const bookingSalt = newManageSalt();
    const manage = manageToken(previousKey, bookingSalt);
    expect(currentManageToken(rotated, { manage_salt: bookingSalt, manage_token_hash: hashManageToken(manage) })).toBe(manage);

    const jobSalt = newTrackerSalt();
    const tracker = trackerToken(previousKey, 3, jobSalt);
    expect(currentTrackerToken(rotated, { id: 3, tracker_salt: jobSalt, tracker_token_hash: trackerTokenHash(tracker) })).toBe(tracker);

    const reviewSalt = newReviewSalt();
    const review = reviewToken(previousKey, 3, reviewSalt);
    expect(currentReviewToken(rotated, { repair_job_id: 3, token_salt: reviewSalt, token_hash: reviewTokenHash(review) })).toBe(review);

    // Once the previous key is dropped, its links are gone; a revoked link (no hash) never comes back.
    expect(currentManageToken([currentKey], { manage_salt: bookingSalt, manage_token_hash: hashManageToken(manage) })).toBeNull();
    expect(currentTrackerToken(rotated, { id: 3, tracker_salt: jobSalt, tracker_token_hash: null })).toBeNull();
  });

  it('keep a staff invitation apart from a review link of the same id and salt, and through a rotation', () => {
    const salt = newInvitationSalt();
    const invitation = invitationToken(previousKey, 4, salt);
    expect(invitation).toBe(createHmac('sha256', previousKey).update(`staff-invitation|4|${salt}`).digest('base64url'));
    const row = { id: 4, token_salt: salt, token_hash: invitationTokenHash(invitation) };
    expect(currentInvitationToken([currentKey, previousKey], row)).toBe(invitation);
    expect(currentInvitationToken([currentKey], row)).toBeNull();
    expect(currentReviewToken([previousKey], { repair_job_id: 4, token_salt: salt, token_hash: row.token_hash })).toBeNull();
    // A new salt is a new link: the old token is not the row's any more.
    expect(currentInvitationToken([previousKey], { ...row, token_salt: newInvitationSalt() })).toBeNull();
  });

  it('keeps an estimate link apart from a tracker link of the same id and salt, and across a rotation', () => {
    const salt = newEstimateSalt();
    const token = estimateToken(currentKey, 7, salt);
    expect(token).toBe(createHmac('sha256', currentKey).update(`estimate|7|${salt}`).digest('base64url'));
    expect(trackerToken(currentKey, 7, salt)).not.toBe(token);
    const hash = estimateTokenHash(token);
    expect(currentTrackerToken([currentKey], { id: 7, tracker_salt: salt, tracker_token_hash: hash })).toBeNull();
    const old = estimateToken(previousKey, 7, salt);
    expect(currentEstimateToken([currentKey, previousKey], { id: 7, link_salt: salt, link_token_hash: estimateTokenHash(old) })).toBe(old);
    expect(currentEstimateToken([currentKey], { id: 7, link_salt: salt, link_token_hash: estimateTokenHash(old) })).toBeNull();
  });
});
