import { useId, useRef, useState, type FormEvent } from 'react';
import type { User } from '#shared/schemas/user.ts';
import { CV_MAX_BYTES, CV_TOO_LARGE_MESSAGE, PROFILE_BANNER_MS } from '#shared/limits.ts';
import { ResultInView } from '#client/components/result-in-view.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { useFlash } from '#client/components/ui/use-flash.ts';
import { fieldErrorsOf, statusOf } from '#client/lib/api-errors.ts';
import { useSession } from '#client/lib/session.tsx';
import { useSaveWithUpload } from '#client/lib/save-with-upload.ts';
import { profileErrors, type ProfileErrors } from '#client/pages/account/profile-errors.ts';
import { SCRIPT_ONLY_FORM_PATH } from '#shared/native-forms.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const THIS_YEAR = new Date().getFullYear();
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
const YEARS = Array.from({ length: 100 }, (_, i) => String(THIS_YEAR - 16 - i));

interface ProfileValues {
  firstname: string;
  lastname: string;
  email: string;
  telephone: string;
  day: string;
  month: string;
  year: string;
}

function valuesOf(user: User): ProfileValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    telephone: user.telephone ?? '',
    day: user.dob ? String(user.dob.day) : '',
    month: user.dob ? String(user.dob.month) : '',
    year: user.dob ? String(user.dob.year) : '',
  };
}

export function ProfilePage() {
  const { user, refetch } = useSession();
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(user!));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saved, flashSaved] = useFlash(PROFILE_BANNER_MS);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = useId();
  const set = (field: keyof ProfileValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function onFileChange(chosen: File | null) {
    // Checked here too, so a visitor is not made to wait for 12 MB to upload before being told.
    if (chosen && chosen.size > CV_MAX_BYTES) {
      setErrors((current) => ({ ...current, cvfile: CV_TOO_LARGE_MESSAGE }));
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setErrors(({ cvfile: _dropped, ...rest }) => rest);
    setFile(chosen);
  }

  // POST /api/user is multipart whether or not a CV comes with it.
  const { save, progress } = useSaveWithUpload('session.updateProfile', {
    onSuccess: async () => {
      await refetch();
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      flashSaved('Your changes have been saved');
    },
    onError: (error) => setErrors(profileErrors(fieldErrorsOf(error), statusOf(error))),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    save.mutate({ fields: { ...values }, files: { cvfile: file } });
  }

  const dobErrorId = `${ids}-dob-error`;
  const fileErrorId = `${ids}-file-error`;
  return (
    <section className="card account-card">
      <h2 className="card__title">Update Contact Details</h2>
      {saved && (
        <ResultInView tone="success" trigger={saved}>
          {saved}
        </ResultInView>
      )}
      <form method="post" action={SCRIPT_ONLY_FORM_PATH} onSubmit={onSubmit}>
        <div className="form-grid">
          <TextField
            label="First Name"
            name="firstname"
            autoComplete="given-name"
            value={values.firstname}
            onChange={set('firstname')}
            error={errors.firstname}
          />
          <TextField
            label="Last Name"
            name="lastname"
            autoComplete="family-name"
            value={values.lastname}
            onChange={set('lastname')}
            error={errors.lastname}
          />
          <TextField
            label="Email Address"
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <TextField
            label="Telephone"
            name="telephone"
            type="tel"
            autoComplete="tel"
            value={values.telephone}
            onChange={set('telephone')}
            error={errors.telephone}
          />
        </div>

        {/* Kept for people applying to work at the shop (docs/product.md section 2): all optional. */}
        <fieldset className="profile-apply" aria-describedby={`${ids}-apply-hint`}>
          <legend className="profile-apply__title">Applying to work with us?</legend>
          <p className="field__hint" id={`${ids}-apply-hint`}>
            If you would like to work at the shop, add your date of birth and your CV. They are optional: leave them empty otherwise.
          </p>
          <fieldset className={`field dob${errors.dob ? ' field--invalid' : ''}`} aria-describedby={errors.dob ? dobErrorId : undefined}>
            <legend className="field__label">Date of birth</legend>
            <div className="dob__parts">
              <label className="dob__part">
                <span className="visually-hidden">Day</span>
                <select
                  name="day"
                  className="field__control"
                  value={values.day}
                  onChange={(e) => set('day')(e.target.value)}
                  aria-invalid={errors.dob ? true : undefined}
                  autoComplete="bday-day"
                >
                  <option value="">Day</option>
                  {DAYS.map((day) => (
                    <option key={day} value={day}>
                      {day}
                    </option>
                  ))}
                </select>
              </label>
              <label className="dob__part">
                <span className="visually-hidden">Month</span>
                <select
                  name="month"
                  className="field__control"
                  value={values.month}
                  onChange={(e) => set('month')(e.target.value)}
                  aria-invalid={errors.dob ? true : undefined}
                  autoComplete="bday-month"
                >
                  <option value="">Month</option>
                  {MONTHS.map((month, i) => (
                    <option key={month} value={String(i + 1)}>
                      {month}
                    </option>
                  ))}
                </select>
              </label>
              <label className="dob__part">
                <span className="visually-hidden">Year</span>
                <select
                  name="year"
                  className="field__control"
                  value={values.year}
                  onChange={(e) => set('year')(e.target.value)}
                  aria-invalid={errors.dob ? true : undefined}
                  autoComplete="bday-year"
                >
                  <option value="">Year</option>
                  {YEARS.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {errors.dob && (
              <p className="field__error" id={dobErrorId}>
                {errors.dob}
              </p>
            )}
          </fieldset>

          <div className={`field${errors.cvfile ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={`${ids}-cvfile`}>
              CV {user?.has_cv ? '(replace the one we hold)' : ''}
            </label>
            <input
              ref={fileInput}
              id={`${ids}-cvfile`}
              name="cvfile"
              type="file"
              className="field__control field__control--file"
              accept=".pdf,.doc,.docx,.odt,.rtf,.txt,application/pdf"
              onChange={(e) => onFileChange(e.target.files?.[0] ?? null)}
              aria-invalid={errors.cvfile ? true : undefined}
              aria-describedby={`${ids}-file-hint${errors.cvfile ? ` ${fileErrorId}` : ''}`}
            />
            <p className="field__hint" id={`${ids}-file-hint`}>
              PDF, Word, OpenDocument, RTF or plain text, up to 12 MB.
            </p>
            {errors.cvfile && (
              <p className="field__error" id={fileErrorId}>
                {errors.cvfile}
              </p>
            )}
            {progress !== null && file && (
              <progress className="upload-progress" max={1} value={progress} aria-label="Upload progress">
                {Math.round(progress * 100)}%
              </progress>
            )}
          </div>
          {user?.skills && (
            <div className="field">
              <p className="field__label">Skills we have noted</p>
              <p className="profile-apply__skills">{user.skills}</p>
            </div>
          )}
        </fieldset>

        <Button type="submit" loading={progress !== null}>
          Save Changes
        </Button>
      </form>
    </section>
  );
}
