// The shop's slot picker (docs/rest-contract.md "Bookings", path marked A), spread into the
// bookings admin router (`bookings.admin.availability`): the free times a booking the shop makes
// may take, which the online notice and horizon do not limit (capacity still does).
import { adminProcedure, checkedInput } from '#server/trpc.ts';
import { availabilitySchema } from '#shared/schemas/bookings.ts';
import { adminAvailabilityInput } from '#shared/schemas/booking-inputs.ts';
import { getAdminAvailability } from './bookings.service.ts';

export const adminAvailabilityProcedures = {
  availability: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'GET',
        path: '/api/admin/booking-types/{type_id}/availability',
        tags: ['bookings'],
        summary:
          "A type's days from `from` to `to` for a booking the shop makes: every free time within opening hours from now on (`online_only=true`: the customer's view)",
      },
    })
    .concat(checkedInput(adminAvailabilityInput))
    .output(availabilitySchema)
    .query(({ ctx, input }) => getAdminAvailability(ctx.deps, input)),
};
