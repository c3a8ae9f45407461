import type { AppLoadContext } from 'react-router';
import {
  orderPaths,
  type DeliverySlotList,
  type OrderDetail,
  type OrderPage,
  type OrderPreviewLine,
  type OrderStatus,
} from '../../../shared/contracts/orders';
import {
  dateTimeLabel,
  slotChoices,
  slotLabel,
  type SlotOption,
  type TimeFormat,
} from './delivery-time';
import { requirePlatform } from '../../lib/platform-answer.server';
import { newOrderKey } from '../forms/place-order-forms';

// The data of the order screens. Dates become text here, in the shop's time zone (which the
// context and the slot list name), so the server's and the browser's renderings agree.
export const ORDERS_PER_PAGE = 10;

export type OrderRow = {
  id: string;
  number: string;
  status: OrderStatus;
  placedOn: string;
  slot: string;
  total: number;
  currency: string;
  lineCount: number;
  preview: OrderPreviewLine[];
};
export type OrderListData = { orders: OrderRow[]; page: number; pageCount: number; total: number };
export type OrderDetailData = {
  order: OrderDetail;
  placedOn: string;
  slot: string;
  editableUntil: string;
  /** Slots the order may move to (only while it can be changed). */
  slots: SlotOption[];
  /** The shop's free-delivery threshold: a slot moved to is priced under it (ADR 0061, 0334). */
  freeDeliveryFrom: number;
  /** The key of this rendering's reorder form (docs/decisions/0328). */
  formKey: string;
};

const slotList = (context: AppLoadContext) =>
  requirePlatform<DeliverySlotList>(context.platform, { path: orderPaths.deliverySlots });
// The shop's locale, once the page context (loaded beside these calls, ADR 0270) is known.
const localeOf = async (context: AppLoadContext) => {
  await context.ready;
  return context.publicContext?.tenant.locale ?? 'en-GB';
};

/** `?page=` as a page number; anything else is page 1. */
export function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/**
 * The shop's locale and time zone. The context names the time zone (ADR 0291); a platform whose
 * context does not is asked for the slot list, which does.
 */
export async function shopFormat(context: AppLoadContext): Promise<TimeFormat> {
  await context.ready;
  const tenant = context.publicContext?.tenant;
  const timeZone = tenant?.timeZone ?? (await slotList(context)).timeZone;
  return { locale: tenant?.locale ?? 'en-GB', timeZone };
}

export async function loadOrderList(context: AppLoadContext, page: number): Promise<OrderListData> {
  const [list, format] = await Promise.all([
    requirePlatform<OrderPage>(context.platform, {
      path: `${orderPaths.orders}?page=${page}&pageSize=${ORDERS_PER_PAGE}`,
    }),
    shopFormat(context),
  ]);
  return {
    orders: list.items.map((order) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      placedOn: dateTimeLabel(order.createdAt, format),
      slot: slotLabel(order.slot, format),
      total: order.total,
      currency: order.currency,
      lineCount: order.lineCount,
      preview: order.preview,
    })),
    page: list.page,
    pageCount: Math.max(1, Math.ceil(list.total / list.pageSize)),
    total: list.total,
  };
}

export async function loadOrderDetail(
  context: AppLoadContext,
  orderId: string,
): Promise<OrderDetailData> {
  const [order, slots] = await Promise.all([
    requirePlatform<OrderDetail>(context.platform, { path: orderPaths.order(orderId) }),
    slotList(context),
  ]);
  const format: TimeFormat = { locale: await localeOf(context), timeZone: slots.timeZone };
  return {
    order,
    placedOn: dateTimeLabel(order.createdAt, format),
    slot: slotLabel(order.slot, format),
    editableUntil: dateTimeLabel(order.editableUntil, format),
    slots: order.editable
      ? slotChoices(slots, format.locale).map((slot) =>
          slot.id === order.slot.id ? { ...slot, available: true } : slot,
        )
      : [],
    freeDeliveryFrom: slots.freeDeliveryFrom,
    formKey: newOrderKey(),
  };
}
