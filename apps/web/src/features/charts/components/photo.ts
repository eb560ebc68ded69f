/** The thumbnail of a person's photo (a public image: guests see it too). */
export function photoUrl(fileId: number): string {
  return `/api/files/${fileId}/thumbnail/`;
}
