import { ApiClient } from '../../e2e/support/api.ts';

/**
 * `count` clients, each with its own session of the same account. One after another: the login
 * limit counts attempts in flight (a success gives its attempt back only once it is done), so
 * eight logins at once from one address would be a burst it refuses.
 */
export async function signInClients(
  server: { baseUrl: string; adminEmail: string; adminPassword: string },
  count: number,
): Promise<ApiClient[]> {
  const clients: ApiClient[] = [];
  for (let i = 0; i < count; i++) {
    const client = new ApiClient(server.baseUrl);
    await client.login(server.adminEmail, server.adminPassword);
    clients.push(client);
  }
  return clients;
}
