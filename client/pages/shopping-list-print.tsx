import { ListPrint } from '../components/lists/list-print';
import type { Route } from '../routes/+types/shopping-list-print';

export default function ShoppingListPrintScreen({ loaderData }: Route.ComponentProps) {
  return <ListPrint list={loaderData} />;
}
