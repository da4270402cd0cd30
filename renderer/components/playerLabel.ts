/** How a player is named in lists, warnings and toasts: "Name (id)", or the id when the name is unknown. */
export function playerLabel(id: string, name: string | null | undefined): string {
  return name ? `${name} (${id})` : id;
}
