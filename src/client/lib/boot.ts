import { setRouteTable, type RouteTable } from '@shared/route';

/** Data the HTML shell carries once per full page load (route table, app name). */
export interface BootData {
  routes: RouteTable;
  appName: string;
}

export function readBoot(): BootData {
  const el = document.getElementById('pathways-boot');
  const data = (
    el?.textContent ? JSON.parse(el.textContent) : { routes: {}, appName: 'Pathways' }
  ) as BootData;
  setRouteTable(data.routes);
  return data;
}
