/**
 * POSTs JSON to the API as the holder of `access` and answers what was created; anything but
 * 201 throws with the answer, so a test's setup fails where it went wrong.
 */
export async function postCreated<T>(
  baseUrl: string,
  access: string,
  path: string,
  body: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
