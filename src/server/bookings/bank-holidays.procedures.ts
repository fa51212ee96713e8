// The admin's bank holiday procedures (docs/rest-contract.md "Bookings", paths marked A), spread
// into the bookings admin router (`bookings.admin.listBankHolidays`).
import { z } from 'zod';
import { adminProcedure, checkedInput } from '#server/trpc.ts';
import { adminBankHolidaysSchema } from '#shared/schemas/bookings.ts';
import { bankHolidayOpenInput } from '#shared/schemas/booking-inputs.ts';
import { listComingBankHolidays, setBankHolidayOpen } from './bank-holidays.service.ts';

const tags = ['bookings'];

export const bankHolidayProcedures = {
  listBankHolidays: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'GET',
        path: '/api/admin/bank-holidays',
        tags,
        summary: "The coming UK bank holidays of the shop's region, each closed for booking unless opened",
      },
    })
    .concat(checkedInput(z.object({})))
    .output(adminBankHolidaysSchema)
    .query(({ ctx }) => listComingBankHolidays(ctx.deps)),

  setBankHolidayOpen: adminProcedure
    .meta({
      permission: 'bookings',
      openapi: {
        method: 'PUT',
        path: '/api/admin/bank-holidays/{date}',
        tags,
        summary: 'Open a bank holiday for booking, or close it again',
      },
      // The days customers can book follow it (the next free estimate too).
      changesPublicContent: true,
    })
    .concat(checkedInput(bankHolidayOpenInput))
    .output(adminBankHolidaysSchema)
    .mutation(({ ctx, input }) => setBankHolidayOpen(ctx.deps, input)),
};
